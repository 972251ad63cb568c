import type { Role } from '@/lib/generated/prisma/client';
import { ALL_PERMISSIONS, isPermission } from '@/lib/auth/permissions';
import type { RoleWithCounts } from '@/lib/roles/role-scope';

const ORDER = new Map(ALL_PERMISSIONS.map((p, i) => [p, i]));

/** Catalogue permissions of a role in catalogue order (unknown stored names are dropped). */
export function rolePermissions(role: Pick<Role, 'permissions'>) {
  return role.permissions.filter(isPermission).sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
}

export function toRoleDto(role: RoleWithCounts) {
  return {
    id: role.id,
    partnerId: role.partnerId,
    name: role.name,
    description: role.description,
    scope: role.scope,
    isSystem: role.isSystem,
    permissions: rolePermissions(role),
    userCount: role._count.partnerMembers + role._count.organizationUsers,
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}
