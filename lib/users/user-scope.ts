// Users in the caller's scope, as a query predicate. Partner staff are visible to every
// partner-scope caller of the partner; organization users only through the caller's org access.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';

const NOTHING = '00000000-0000-0000-0000-000000000000';

export function userWhere(ctx: ScopedContext): Prisma.UserWhereInput {
  const live = { deletedAt: null };
  switch (ctx.scope) {
    case 'system':
      return live;
    case 'organization':
      return { ...live, organizationMembership: { orgId: ctx.orgId ?? NOTHING, organization: { deletedAt: null } } };
    case 'partner': {
      const partnerId = ctx.partnerId ?? NOTHING;
      const orgs: Prisma.OrganizationWhereInput =
        ctx.orgAccess === 'all'
          ? { partnerId, deletedAt: null }
          : { partnerId, deletedAt: null, id: { in: ctx.orgAccess === 'selected' ? [...ctx.orgIds] : [] } };
      return { ...live, OR: [{ partnerMembership: { partnerId } }, { organizationMembership: { organization: orgs } }] };
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
