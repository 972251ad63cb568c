// GET /api/v1/users — users in the caller's scope.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZListUsersQuery, ZUser } from '@/lib/users/schemas';
import { listUsers } from '@/lib/users/list-users';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  query: ZListUsersQuery,
  summary: 'List users',
  description:
    'Partner staff of the caller\'s partner, and organization users of the organizations the caller can see (organization-scope callers: their own organization). Invited users appear with `status: invited` and an `invitation` block.',
  tags: ['Users'],
  response: ZPageOf(ZUser),
  handler: ({ ctx, query }) => listUsers(ctx, query),
});
