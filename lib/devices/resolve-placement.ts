// Where a new device (or the devices of an enrollment key) will live: an organization in the
// caller's scope and optionally one of its sites. orgId may be omitted when the caller's partner
// has exactly one organization (doc 1, enrollment keys).
import type { Tx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';

export async function resolvePlacement(tx: Tx, ctx: ScopedContext, orgId: string | undefined, siteId: string | undefined) {
  let org;
  if (orgId) {
    org = await getOrganizationOrThrow(ctx, orgId, tx);
  } else if (ctx.scope === 'organization' && ctx.orgId) {
    org = await getOrganizationOrThrow(ctx, ctx.orgId, tx);
  } else {
    if (ctx.scope !== 'partner' || !ctx.partnerId) throw badRequest('orgId is required', [{ path: 'body.orgId', message: 'Required for system-scope callers' }]);
    const orgs = await tx.organization.findMany({ where: { partnerId: ctx.partnerId, deletedAt: null }, select: { id: true }, take: 2 });
    if (orgs.length !== 1) {
      throw badRequest(
        orgs.length === 0 ? 'The partner has no organization yet: create one first' : 'orgId is required: the partner has several organizations',
        [{ path: 'body.orgId', message: 'Required unless the partner has exactly one organization' }],
      );
    }
    org = await getOrganizationOrThrow(ctx, orgs[0].id, tx);
  }
  let site = null;
  if (siteId) {
    site = await tx.site.findFirst({ where: { id: siteId, orgId: org.id, deletedAt: null } });
    if (!site) throw badRequest('The site does not belong to that organization', [{ path: 'body.siteId', message: 'Not a site of the organization' }], 'SITE_NOT_IN_ORG');
  }
  return { org, site };
}
