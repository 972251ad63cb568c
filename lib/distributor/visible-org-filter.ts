// Partner-wide distributor rows hang off organizations through company mappings. A caller with
// access to only some organizations sees unmapped companies and those mapped to its own.
import type { ActorContext } from '@/lib/auth/context';
import { hasFullPartnerAccess } from '@/lib/tenancy/scope';

export function mappedOrgWhere(ctx: ActorContext): { OR?: ({ orgId: null } | { orgId: { in: string[] } })[] } {
  if (hasFullPartnerAccess(ctx)) return {};
  return { OR: [{ orgId: null }, { orgId: { in: ctx.orgAccess === 'selected' ? [...ctx.orgIds] : [] } }] };
}
