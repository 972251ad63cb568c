// GET /roles/:id/effective-permissions: what a holder of the role can actually do. For each
// catalogue permission: whether the role grants it and which operations it unlocks for a user of
// the role's scope (a granted permission whose operations are all closed to that scope, e.g.
// partner settings for an organization-scope role, is granted but not effective).
import type { ActorContext } from '@/lib/auth/context';
import { PERMISSIONS, ALL_PERMISSIONS } from '@/lib/auth/permissions';
import { getRoleOrThrow } from '@/lib/roles/get-role-or-throw';
import { collectOperations, operationsForScope, type RouteIndexEntry } from '@/lib/roles/route-operations';

export async function getEffectivePermissions(ctx: ActorContext, id: string, index: RouteIndexEntry[]) {
  const role = await getRoleOrThrow(ctx, id);
  const ops = operationsForScope(await collectOperations(index), role.scope);
  const granted = new Set(role.permissions);
  const permissions = ALL_PERMISSIONS.map((permission) => {
    const operations = ops.filter((op) => op.permission === permission).map((op) => ({ method: op.method, path: op.path, mfa: op.mfa }));
    const has = granted.has(permission);
    return { permission, description: PERMISSIONS[permission], granted: has, effective: has && operations.length > 0, operations };
  });
  return {
    role: { id: role.id, name: role.name, scope: role.scope, isSystem: role.isSystem },
    granted: permissions.filter((p) => p.granted).map((p) => p.permission),
    effective: permissions.filter((p) => p.effective).map((p) => p.permission),
    permissions,
    openOperations: ops.filter((op) => op.permission === 'none').length,
  };
}
