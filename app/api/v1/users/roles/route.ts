// GET /api/v1/users/roles — roles the caller may assign.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZRole } from '@/lib/roles/schemas';
import { listAssignableRoles, ZAssignableRolesQuery } from '@/lib/users/list-assignable-roles';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  query: ZAssignableRolesQuery,
  summary: 'Roles the caller can assign',
  description:
    'Roles of the caller\'s partner (organization-scope callers: organization-scope roles only) whose every permission the caller holds — the choices for `POST /users/invite` and `POST /users/:id/role`. All roles: `GET /roles`.',
  tags: ['Users'],
  response: z.object({ data: z.array(ZRole) }),
  handler: ({ ctx, query }) => listAssignableRoles(ctx, query),
});
