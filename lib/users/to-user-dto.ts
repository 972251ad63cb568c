import type { Scope } from '@/lib/auth/context';
import { isPermission } from '@/lib/auth/permissions';
import { PLATFORM_ADMIN_ROLE_ID } from '@/lib/auth/load-principal';
import type { ManagedUser } from '@/lib/users/access-guards';
import type { UserWithAccess } from '@/lib/users/user-scope';

export function toManagedUser(u: UserWithAccess): ManagedUser {
  const pm = u.partnerMembership;
  const om = u.organizationMembership;
  return {
    id: u.id,
    isPlatformAdmin: u.isPlatformAdmin,
    scope: u.isPlatformAdmin ? 'system' : om ? 'organization' : 'partner',
    permissions: (pm?.role.permissions ?? om?.role.permissions ?? []).filter(isPermission),
    orgAccess: pm?.orgAccess ?? null,
    orgIds: pm?.orgIds ?? [],
    orgId: om?.orgId ?? null,
  };
}

export function toUserDto(u: UserWithAccess) {
  const pm = u.partnerMembership;
  const om = u.organizationMembership;
  const role = pm?.role ?? om?.role ?? null;
  const scope: Scope = u.isPlatformAdmin ? 'system' : om ? 'organization' : 'partner';
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    status: u.status,
    scope,
    partnerId: pm?.partnerId ?? om?.organization.partnerId ?? null,
    orgId: om?.orgId ?? null,
    organization: om ? { id: om.organization.id, name: om.organization.name } : null,
    role: role
      ? { id: role.id, name: role.name, scope: role.scope, isSystem: role.isSystem }
      : u.isPlatformAdmin
        ? { id: PLATFORM_ADMIN_ROLE_ID, name: 'Platform Admin', scope: 'system' as const, isSystem: true }
        : null,
    orgAccess: pm ? pm.orgAccess : om ? ('selected' as const) : u.isPlatformAdmin ? ('all' as const) : null,
    orgIds: pm ? pm.orgIds : om ? [om.orgId] : [],
    mfaEnabled: u.mfaEnabled,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    invitation: u.invitation
      ? {
          expiresAt: u.invitation.expiresAt.toISOString(),
          lastSentAt: u.invitation.lastSentAt.toISOString(),
          sendCount: u.invitation.sendCount,
          expired: u.invitation.expiresAt <= new Date(),
        }
      : null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
