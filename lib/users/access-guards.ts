// Nobody hands out more than they hold: roles, role assignments, org access and API key scopes
// are checked against the caller's own current permissions and organization access.
import type { ActorContext, OrgAccessMode, Scope } from '@/lib/auth/context';
import { forbidden, AppError } from '@/lib/http/errors';
import { hasFullPartnerAccess } from '@/lib/tenancy/scope';

export const escalation = (message: string, details: Record<string, unknown> = {}) =>
  new AppError('PRIVILEGE_ESCALATION', 403, message, details);

/** 403 PRIVILEGE_ESCALATION unless the caller holds every one of `permissions`. */
export function assertCanGrantPermissions(ctx: ActorContext, permissions: Iterable<string>, what = 'grant'): void {
  const missing = [...new Set(permissions)].filter((p) => !ctx.permissions.has(p as never)).sort();
  if (missing.length) {
    throw escalation(`You cannot ${what} permissions you do not hold yourself: ${missing.join(', ')}`, { missing });
  }
}

/** The caller may only give organization access it has itself. */
export function assertCanGrantOrgAccess(ctx: ActorContext, access: { orgAccess: OrgAccessMode; orgIds: readonly string[] }): void {
  if (hasFullPartnerAccess(ctx) || access.orgAccess === 'none') return;
  if (access.orgAccess === 'all') throw escalation('Only users with access to every organization can grant orgAccess "all"');
  const own = new Set(ctx.scope === 'organization' ? [ctx.orgId] : ctx.orgAccess === 'selected' ? ctx.orgIds : []);
  const outside = access.orgIds.filter((id) => !own.has(id));
  if (outside.length) throw escalation('You cannot grant access to organizations you cannot access yourself', { orgIds: outside });
}

export interface ManagedUser {
  id: string;
  isPlatformAdmin: boolean;
  scope: Scope;
  permissions: readonly string[];
  orgAccess: OrgAccessMode | null;
  orgIds: readonly string[];
  orgId: string | null;
}

/**
 * The caller may change or remove a user only when it outranks or equals them: every permission
 * and every organization the user has, the caller has too. Platform admins are not managed here.
 */
export function assertCanManageUser(ctx: ActorContext, target: ManagedUser): void {
  if (target.isPlatformAdmin) throw forbidden('Platform administrators are not managed through the user endpoints');
  if (ctx.scope === 'system') return;
  assertCanGrantPermissions(ctx, target.permissions, 'manage a user holding');
  if (target.scope === 'organization') {
    assertCanGrantOrgAccess(ctx, { orgAccess: 'selected', orgIds: target.orgId ? [target.orgId] : [] });
  } else {
    assertCanGrantOrgAccess(ctx, { orgAccess: target.orgAccess ?? 'none', orgIds: target.orgIds });
  }
}
