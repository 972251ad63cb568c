// /api/v1/roles/:id — one role.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZRole, ZUpdateRole } from '@/lib/roles/schemas';
import { getRoleOrThrow } from '@/lib/roles/get-role-or-throw';
import { toRoleDto } from '@/lib/roles/to-role-dto';
import { updateRole } from '@/lib/roles/update-role';
import { deleteRole } from '@/lib/roles/delete-role';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  params: ZIdParams,
  summary: 'Get a role',
  tags: ['Roles'],
  response: ZRole,
  handler: async ({ ctx, params }) => toRoleDto(await getRoleOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  mfa: true,
  scopes: ['system', 'partner'],
  params: ZIdParams,
  body: ZUpdateRole,
  summary: 'Update a custom role',
  description:
    '`name`, `description`, `permissions` (the whole new list). Built-in roles: 403 `SYSTEM_ROLE_READ_ONLY` (clone them instead). The caller must hold every permission of the role before and after the change (403 `PRIVILEGE_ESCALATION`). Holders of the role get the new permissions on their next request.',
  tags: ['Roles'],
  response: ZRole,
  handler: ({ ctx, params, body }) => updateRole(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  summary: 'Delete a custom role',
  description: 'Only a role nobody holds: 409 `ROLE_IN_USE` naming the number of users (also in `details.userCount`, invited users included). Built-in roles: 403 `SYSTEM_ROLE_READ_ONLY`.',
  tags: ['Roles'],
  handler: ({ ctx, params }) => deleteRole(ctx, params.id),
});
