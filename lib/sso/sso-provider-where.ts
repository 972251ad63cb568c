// Which providers a caller sees: an organization user its organization's only; a partner user
// its partner-wide provider and those of the organizations it can see; platform admins all.
import type { ScopedContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

export function ssoProviderWhere(ctx: ScopedContext): Prisma.SsoProviderWhereInput {
  return ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
}
