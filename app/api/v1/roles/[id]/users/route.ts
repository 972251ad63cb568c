// GET /api/v1/roles/:id/users — who holds a role.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZUser } from '@/lib/users/schemas';
import { listRoleUsers, ZRoleUsersQuery } from '@/lib/roles/list-role-users';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  params: ZIdParams,
  query: ZRoleUsersQuery,
  summary: 'Users holding a role',
  description: 'Only users the caller can see.',
  tags: ['Roles'],
  response: ZPageOf(ZUser),
  handler: ({ ctx, params, query }) => listRoleUsers(ctx, params.id, query),
});
