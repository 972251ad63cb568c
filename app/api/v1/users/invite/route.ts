// POST /api/v1/users/invite — invite a person by email.
import { defineRoute } from '@/lib/http/define-route';
import { ZInviteUser, ZUser } from '@/lib/users/schemas';
import { inviteUser } from '@/lib/users/invite-user';

export const POST = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  mfa: true,
  body: ZInviteUser,
  status: 201,
  errors: [429],
  summary: 'Invite a user',
  description: [
    'Creates the user with `status: invited` and emails a single-use link (`/invite#token=…`, valid `INVITE_TTL_HOURS`, default 72) to a page where they choose a password (`POST /auth/accept-invite`). The role and organization access apply once the invitation is accepted; until then the user cannot sign in.',
    'A partner-scope role takes `orgAccess` (`all` default, `selected` with `orgIds`, `none`); an organization-scope role (customer staff) takes `orgId` instead. The caller cannot give a role with permissions it lacks or organization access it does not have (403 `PRIVILEGE_ESCALATION`).',
    '409 `USER_EXISTS` (already a user of this partner) or `EMAIL_IN_USE` (an account elsewhere on the service); 404 for a role or organization outside the caller\'s scope; 429 beyond `INVITES_PER_PARTNER_PER_HOUR`.',
  ].join('\n\n'),
  tags: ['Users'],
  response: ZUser,
  handler: ({ ctx, body }) => inviteUser(ctx, body),
});
