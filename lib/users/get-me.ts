import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';

export async function getMe(ctx: UserContext) {
  decideSelf(ctx, "the signed-in user's own profile");
  const user = await db.user.findUnique({
    where: { id: ctx.userId },
    include: { partnerMembership: { include: { role: true, partner: true } }, organizationMembership: { include: { role: true, organization: true } } },
  });
  if (!user) throw notFound('User');
  const role = user.partnerMembership?.role ?? user.organizationMembership?.role ?? null;
  const partner = user.partnerMembership?.partner ?? null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    status: user.status,
    mfaEnabled: user.mfaEnabled,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    scope: ctx.scope,
    partnerId: ctx.partnerId,
    orgId: ctx.orgId,
    orgAccess: ctx.orgAccess,
    orgIds: ctx.orgIds,
    role: role ? { id: role.id, name: role.name, scope: role.scope, isSystem: role.isSystem } : { id: ctx.roleId, name: 'Platform Admin', scope: 'system', isSystem: true },
    permissions: [...ctx.permissions].sort(),
    mfa: ctx.mfa,
    partner: partner ? { id: partner.id, name: partner.name, slug: partner.slug, status: partner.status } : null,
    organization: user.organizationMembership
      ? { id: user.organizationMembership.organization.id, name: user.organizationMembership.organization.name }
      : null,
  };
}
