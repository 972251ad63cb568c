// /api/v1/roles — list and create roles.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateRole, ZListRolesQuery, ZRole } from '@/lib/roles/schemas';
import { listRoles } from '@/lib/roles/list-roles';
import { createRole } from '@/lib/roles/create-role';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  query: ZListRolesQuery,
  summary: 'List roles',
  description: 'The partner\'s built-in roles (`isSystem: true`, read-only, clonable) and custom roles. Organization-scope callers see organization-scope roles only.',
  tags: ['Roles'],
  response: ZPageOf(ZRole),
  handler: ({ ctx, query }) => listRoles(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  mfa: true,
  scopes: ['system', 'partner'],
  body: ZCreateRole,
  status: 201,
  summary: 'Create a custom role',
  description:
    '`permissions` are names from `GET /roles/permissions/available` (unknown names: 400). A role cannot grant what its creator lacks: 403 `PRIVILEGE_ESCALATION` with the missing permissions in `details.missing`. 409 `ROLE_NAME_TAKEN`. System-scope callers name `partnerId`.',
  tags: ['Roles'],
  response: ZRole,
  handler: ({ ctx, body }) => createRole(ctx, body),
});
