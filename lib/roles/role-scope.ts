// Roles in the caller's scope. Roles belong to a partner (its built-in isSystem roles and its
// custom roles); organization-scope callers see only the partner's organization-scope roles.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { userWhere } from '@/lib/users/user-scope';

const NOTHING = '00000000-0000-0000-0000-000000000000';

export function roleWhere(ctx: ScopedContext): Prisma.RoleWhereInput {
  switch (ctx.scope) {
    case 'system':
      return { partnerId: { not: null }, partner: { deletedAt: null } };
    case 'partner':
      return { partnerId: ctx.partnerId ?? NOTHING };
    case 'organization':
      return { partnerId: ctx.partnerId ?? NOTHING, scope: 'organization' };
  }
}

/** Role rows with the number of users holding them that the caller can see. */
export function roleInclude(ctx: ScopedContext) {
  const visible = { user: userWhere(ctx) };
  return { _count: { select: { partnerMembers: { where: visible }, organizationUsers: { where: visible } } } } satisfies Prisma.RoleInclude;
}

export type RoleWithCounts = Prisma.RoleGetPayload<{ include: ReturnType<typeof roleInclude> }>;
