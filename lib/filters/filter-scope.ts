// Which saved filters a caller sees: of its partner (or any, for system scope), partner-wide or of
// an organization it sees (organization-scoped callers: their organization's only), of live
// organizations, and shared or its own.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

export function savedFilterWhere(ctx: ActorContext): Prisma.SavedFilterWhereInput {
  const tenancy = ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
  return {
    AND: [
      tenancy,
      { partner: { deletedAt: null } },
      { OR: [{ orgId: null }, { organization: { deletedAt: null } }] },
      { OR: [{ visibility: 'shared' }, { ownerId: ctx.userId }] },
    ],
  };
}
