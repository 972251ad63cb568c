// Validates "give this user that role with this organization access" for invites and role
// changes: the role must be assignable by the caller, the access must fit the role's scope, and
// the caller cannot grant more than it holds.
import { z } from 'zod';
import type { DbOrTx } from '@/lib/db';
import type { ActorContext, OrgAccessMode } from '@/lib/auth/context';
import { badRequest, notFound } from '@/lib/http/errors';
import { orgWhere } from '@/lib/tenancy/scope';
import { roleWhere } from '@/lib/roles/role-scope';
import { assertCanGrantOrgAccess, assertCanGrantPermissions } from '@/lib/users/access-guards';
import { ZOrgAccess } from '@/lib/users/schemas';

export interface AssignmentInput {
  roleId: string;
  orgAccess?: z.output<typeof ZOrgAccess>;
  orgIds?: string[];
  orgId?: string;
}

export type Assignment =
  | { kind: 'partner'; partnerId: string; role: { id: string; name: string; permissions: string[] }; orgAccess: OrgAccessMode; orgIds: string[] }
  | { kind: 'organization'; partnerId: string; role: { id: string; name: string; permissions: string[] }; org: { id: string; name: string } };

export async function findAssignableRole(client: DbOrTx, ctx: ActorContext, roleId: string) {
  const role = await client.role.findFirst({ where: { AND: [{ id: roleId }, roleWhere(ctx), { scope: { in: ['partner', 'organization'] } }] } });
  if (!role || !role.partnerId) throw notFound('Role');
  assertCanGrantPermissions(ctx, role.permissions, 'assign a role with');
  return { ...role, partnerId: role.partnerId };
}

export async function resolveAssignment(client: DbOrTx, ctx: ActorContext, input: AssignmentInput): Promise<Assignment> {
  const role = await findAssignableRole(client, ctx, input.roleId);
  if (role.scope === 'organization') {
    if (input.orgAccess !== undefined || input.orgIds !== undefined) {
      throw badRequest('orgAccess and orgIds apply to partner-scope roles only', [{ path: 'body.orgAccess', message: 'Not allowed with an organization-scope role' }]);
    }
    if (!input.orgId) throw badRequest('orgId is required for an organization-scope role', [{ path: 'body.orgId', message: 'Required' }]);
    const org = await client.organization.findFirst({ where: { AND: [{ id: input.orgId, partnerId: role.partnerId }, orgWhere(ctx)] } });
    if (!org) throw notFound('Organization');
    return { kind: 'organization', partnerId: role.partnerId, role, org: { id: org.id, name: org.name } };
  }
  if (input.orgId !== undefined) {
    throw badRequest('orgId applies to organization-scope roles only; use orgAccess and orgIds', [{ path: 'body.orgId', message: 'Not allowed with a partner-scope role' }]);
  }
  const access = await resolveOrgAccess(client, ctx, role.partnerId, input.orgAccess ?? 'all', input.orgIds);
  return { kind: 'partner', partnerId: role.partnerId, role, ...access };
}

/** Checks orgAccess/orgIds for a partner-scope user of `partnerId`. */
export async function resolveOrgAccess(client: DbOrTx, ctx: ActorContext, partnerId: string, orgAccess: OrgAccessMode, orgIds: string[] | undefined) {
  const ids = [...new Set(orgIds ?? [])];
  if (orgAccess !== 'selected' && ids.length) {
    throw badRequest('orgIds is used only with orgAccess "selected"', [{ path: 'body.orgIds', message: 'Must be empty unless orgAccess is "selected"' }]);
  }
  if (orgAccess === 'selected') {
    if (ids.length === 0) throw badRequest('orgAccess "selected" needs at least one organization in orgIds', [{ path: 'body.orgIds', message: 'Required' }]);
    const found = await client.organization.findMany({ where: { id: { in: ids }, partnerId, deletedAt: null }, select: { id: true } });
    const known = new Set(found.map((o) => o.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw badRequest('Unknown organizations in orgIds', unknown.map((id) => ({ path: 'body.orgIds', message: `Organization ${id} not found` })));
  }
  assertCanGrantOrgAccess(ctx, { orgAccess, orgIds: ids });
  return { orgAccess, orgIds: ids };
}
