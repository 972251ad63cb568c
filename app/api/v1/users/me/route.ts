// /api/v1/users/me — the signed-in user.
import { defineRoute } from '@/lib/http/define-route';
import { getMe } from '@/lib/users/get-me';
import { updateMe, ZUpdateMe } from '@/lib/users/update-me';
import { ZMe } from '@/lib/users/schemas';

export const GET = defineRoute({
  auth: 'user',
  permission: 'none',
  summary: 'Current user',
  description: 'Profile, scope, role, effective permissions and whether this session completed MFA.',
  tags: ['Users'],
  response: ZMe,
  handler: ({ ctx }) => getMe(ctx),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'none',
  body: ZUpdateMe,
  summary: 'Update the current user',
  description: 'Change `name`, or the password with `currentPassword` + `newPassword` (strength-checked; ends every other session).',
  tags: ['Users'],
  response: ZMe,
  handler: ({ ctx, body }) => updateMe(ctx, body),
});
