// POST /api/v1/users/:id/role — change a user's role.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZChangeUserRole, ZUser } from '@/lib/users/schemas';
import { changeUserRole } from '@/lib/users/change-user-role';

export const POST = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  mfa: true,
  params: ZIdParams,
  body: ZChangeUserRole,
  summary: "Change a user's role",
  description:
    'The role must have the user\'s scope (partner or organization) and be one the caller may assign (`GET /users/roles`). Takes effect on the user\'s next request. 403 `CANNOT_CHANGE_OWN_ROLE`; 403 `PRIVILEGE_ESCALATION`; 400 `ROLE_SCOPE_MISMATCH`; 409 `LAST_PARTNER_ADMIN` when demoting the last active Partner Admin.',
  tags: ['Users'],
  response: ZUser,
  handler: ({ ctx, params, body }) => changeUserRole(ctx, params.id, body),
});
