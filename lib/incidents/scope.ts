// The organization a new incident or integration belongs to.
import type { ScopedContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';

export async function resolveIncidentOrg(ctx: ScopedContext, orgId: string | undefined): Promise<{ partnerId: string; orgId: string }> {
  if (!orgId && ctx.scope !== 'organization') throw badRequest('orgId is required', [{ path: 'orgId', message: 'Name the organization' }]);
  const owner = await resolveRecordOwner(ctx, orgId, 'incidents');
  return { partnerId: owner.partnerId, orgId: owner.orgId! };
}
