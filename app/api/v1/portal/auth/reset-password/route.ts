// POST /api/v1/portal/auth/reset-password — choose a password with an emailed link.
import { defineRoute } from '@/lib/http/define-route';
import { ZPortalResetPassword, ZResetPasswordResponse } from '@/lib/portal/auth/schemas';
import { resetPortalPassword } from '@/lib/portal/auth/reset-portal-password';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZPortalResetPassword,
  errors: [429],
  summary: 'Set a portal password with a reset or invitation link',
  description: [
    '`token` comes from a reset link or from the invitation link (first visit: the account becomes active). Tokens are single-use, stored hashed; reset links live 60 minutes.',
    'Every unusable token (unknown, expired, used, access withdrawn) gets one identical 400 `INVALID_TOKEN`; a weak password 400 with its first problem. Every session of the account ends; sign in with the new password (the answer names the sign-in address).',
  ].join('\n\n'),
  tags: ['Portal'],
  response: ZResetPasswordResponse,
  audit: false,
  handler: ({ ctx, body, req }) => resetPortalPassword(ctx, body, req),
});
