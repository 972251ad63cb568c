// Users in the caller's scope, as a query predicate. Partner staff are visible to every
// partner-scope caller of the partner; organization users only through the caller's org access.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';

export function userWhere(ctx: ScopedContext): Prisma.UserWhereInput {
  const live = { deletedAt: null };
  const t = tenantWhere(ctx);
  switch (ctx.scope) {
    case 'system':
      return live;
    case 'organization':
      return { ...live, organizationMembership: { orgId: t.orgId, organization: { deletedAt: null } } };
    case 'partner': {
      const orgs: Prisma.OrganizationWhereInput = { partnerId: t.partnerId, deletedAt: null, ...(t.orgId === undefined ? {} : { id: t.orgId }) };
      return { ...live, OR: [{ partnerMembership: { partnerId: t.partnerId } }, { organizationMembership: { organization: orgs } }] };
    }
  }
}

/** What the user DTO needs, read in one query with the user. */
export const userInclude = {
  partnerMembership: { include: { role: true } },
  organizationMembership: { include: { role: true, organization: { select: { id: true, name: true, partnerId: true } } } },
  invitation: { select: { expiresAt: true, lastSentAt: true, sendCount: true } },
} satisfies Prisma.UserInclude;

export type UserWithAccess = Prisma.UserGetPayload<{ include: typeof userInclude }>;
