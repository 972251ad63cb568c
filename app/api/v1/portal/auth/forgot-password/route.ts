// POST /api/v1/portal/auth/forgot-password — request a password reset link.
import { defineRoute } from '@/lib/http/define-route';
import { ZForgotPasswordResponse, ZPortalForgotPassword } from '@/lib/portal/auth/schemas';
import { forgotPortalPassword } from '@/lib/portal/auth/forgot-portal-password';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZPortalForgotPassword,
  errors: [429],
  summary: 'Request a portal password reset',
  description:
    'Always the same 200 body, whether or not the address has an account (the lookup and the email happen in the background). Accounts that exist get a single-use link valid 60 minutes, at most 3 per hour; a new link voids the previous one. The portal is named like at sign-in (custom domain, else `site`). 429 past 10 requests per IP per hour.',
  tags: ['Portal'],
  response: ZForgotPasswordResponse,
  audit: false,
  handler: ({ ctx, body, req }) => forgotPortalPassword(ctx, body, req),
});
