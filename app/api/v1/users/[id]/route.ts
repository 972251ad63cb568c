// /api/v1/users/:id — one user.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZUpdateUser, ZUser } from '@/lib/users/schemas';
import { getUserOrThrow } from '@/lib/users/get-user-or-throw';
import { toUserDto } from '@/lib/users/to-user-dto';
import { updateUser } from '@/lib/users/update-user';
import { removeUser } from '@/lib/users/remove-user';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  params: ZIdParams,
  summary: 'Get a user',
  tags: ['Users'],
  response: ZUser,
  handler: async ({ ctx, params }) => toUserDto(await getUserOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  mfa: true,
  params: ZIdParams,
  body: ZUpdateUser,
  summary: 'Update a user',
  description:
    '`name`; `status` `disabled` (ends every session; the user\'s API keys stop working until re-enabled) or `active`; `orgAccess`/`orgIds` of a partner-scope user. Changes apply on the user\'s next request. Nobody changes their own status or access (403 `CANNOT_CHANGE_OWN_ACCESS`); the caller must hold every permission and organization the user has (403 `PRIVILEGE_ESCALATION`); 409 `LAST_PARTNER_ADMIN` if no active Partner Admin with access to all organizations would remain.',
  tags: ['Users'],
  response: ZUser,
  handler: ({ ctx, params, body }) => updateUser(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  params: ZIdParams,
  summary: 'Remove a user',
  description:
    'Revokes every session and API key of the user at once, deletes the association (and any pending invitation) and closes the account; the address can be invited again later. 403 `CANNOT_REMOVE_SELF`; 403 `PRIVILEGE_ESCALATION` for a user holding permissions or organizations the caller lacks; 409 `LAST_PARTNER_ADMIN` for the last active Partner Admin.',
  tags: ['Users'],
  handler: ({ ctx, params }) => removeUser(ctx, params.id),
});
