// Roles in the caller's scope. Roles belong to a partner (its built-in isSystem roles and its
// custom roles); organization-scope callers see only the partner's organization-scope roles.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { userWhere } from '@/lib/users/user-scope';
import { partnerWhere } from '@/lib/tenancy/scope';

export function roleWhere(ctx: ScopedContext): Prisma.RoleWhereInput {
  const partner = partnerWhere(ctx);
  // System callers see every live partner's roles; roles of no partner (the platform's) are not listed.
  if (ctx.scope === 'system') return { ...partner, partnerId: { not: null }, partner: { deletedAt: null } };
  return ctx.scope === 'organization' ? { ...partner, scope: 'organization' } : partner;
}

/** Role rows with the number of users holding them that the caller can see. */
export function roleInclude(ctx: ScopedContext) {
  const visible = { user: userWhere(ctx) };
  return { _count: { select: { partnerMembers: { where: visible }, organizationUsers: { where: visible } } } } satisfies Prisma.RoleInclude;
}

export type RoleWithCounts = Prisma.RoleGetPayload<{ include: ReturnType<typeof roleInclude> }>;
