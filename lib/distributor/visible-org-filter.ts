// Partner-wide distributor rows hang off organizations through company mappings. A caller with
// access to only some organizations sees unmapped companies and those mapped to its own.
import type { ActorContext } from '@/lib/auth/context';
import { tenantOrPartnerWideWhere } from '@/lib/tenancy/scope';

/** The organization part of the caller's scope (the partner part is partnerWhere's). */
export function mappedOrgWhere(ctx: ActorContext): Pick<ReturnType<typeof tenantOrPartnerWideWhere>, 'OR'> {
  const { OR } = tenantOrPartnerWideWhere(ctx);
  return OR ? { OR } : {};
}
