import type { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { hasFullPartnerAccess, ownPartnerWhere, tenantWhere } from '@/lib/tenancy/scope';

/**
 * What an `ai:admin` caller oversees: the whole partner when it sees every organization,
 * otherwise the records made by users of the organizations it sees.
 */
export function aiAdminWhere(ctx: UserContext): { partnerId: string; orgId?: Prisma.StringNullableFilter | string } {
  if (hasFullPartnerAccess(ctx)) return ownPartnerWhere(ctx);
  const t = tenantWhere(ctx);
  return { ...ownPartnerWhere(ctx), orgId: typeof t.orgId === 'string' ? t.orgId : { in: t.orgId?.in ?? [] } };
}
