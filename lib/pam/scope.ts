// Tenancy of PAM records: every rule, signer group, configuration and request belongs to one
// organization of one partner.
import type { ScopedContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { db } from '@/lib/db';
import type { SignerGroupMembers } from '@/lib/pam/match';

/** The organization a new record (or a read of one organization's settings) is for; 404 outside scope. */
export async function resolvePamOrg(ctx: ScopedContext, orgId: string | undefined): Promise<{ partnerId: string; orgId: string }> {
  if (!orgId && ctx.scope !== 'organization') throw badRequest('orgId is required', [{ path: 'orgId', message: 'Name the organization' }]);
  const owner = await resolveRecordOwner(ctx, orgId, 'PAM settings');
  return { partnerId: owner.partnerId, orgId: owner.orgId! };
}

/** Signer groups of an organization by id, for matching. */
export async function signerGroupsOf(orgId: string): Promise<Map<string, SignerGroupMembers>> {
  const groups = await db.pamSignerGroup.findMany({ where: { orgId }, select: { id: true, signers: true, thumbprints: true } });
  return new Map(groups.map((g) => [g.id, { signers: g.signers, thumbprints: g.thumbprints }]));
}

