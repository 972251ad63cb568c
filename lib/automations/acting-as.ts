import type { ActorContext } from '@/lib/auth/context';
import type { Automation } from '@/lib/generated/prisma/client';

/**
 * The automation's creator as the actor of what its actions do, confined to the automation's
 * organization: scripts, groups and devices are looked up as an organization caller of it would.
 */
export function actingAs(a: Pick<Automation, 'id' | 'partnerId' | 'orgId' | 'createdBy'>, runId?: string): ActorContext {
  return {
    kind: 'user',
    userId: a.createdBy ?? '00000000-0000-0000-0000-000000000000',
    email: '',
    name: 'Automation',
    sessionId: '',
    scope: 'organization',
    partnerId: a.partnerId,
    orgId: a.orgId,
    roleId: '',
    permissions: new Set(),
    orgAccess: 'all',
    orgIds: [a.orgId],
    mfa: false,
    requestId: runId ? `automation-run:${runId}` : `automation:${a.id}`,
    ip: null,
  };
}
