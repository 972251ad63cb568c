// POST /api/v1/auth/verify-email — complete a registration with the emailed token.
import { defineRoute, jsonResponse } from '@/lib/http/define-route';
import { ZVerifyEmailBody, ZVerifyEmailResponse } from '@/lib/registration/schemas';
import { verifyEmail } from '@/lib/registration/verify-email';
import { refreshCookie } from '@/lib/auth/refresh-cookie';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZVerifyEmailBody,
  errors: [429],
  summary: 'Verify a registration email',
  description:
    'For a partner registration, creates in one transaction the partner (type msp, plan free, status active, slug from the company name with `-1`…`-100` on collision, 500 `Unable to generate unique company identifier` after that), its built-in roles including Partner Admin (scope partner, isSystem), the active user and its association with `orgAccess: all`; signs the user in (access token for 900 seconds, refresh token as the HTTP-only cookie). For a user registration it creates the account only (`partner` and `tokens` null). An unknown, used or expired token — or an address that got an account meanwhile — gets one identical 400. 429 after `VERIFY_EMAIL_RATE_LIMIT_PER_HOUR` (default 10) attempts per client IP per hour; 503 when the rate-limit store is unavailable.',
  tags: ['Registration'],
  response: ZVerifyEmailResponse,
  audit: false,
  handler: async ({ ctx, body, req }) => {
    const { body: result, refresh } = await verifyEmail(ctx, body.token, req.headers.get('user-agent'));
    return jsonResponse(result, 200, refresh ? { 'set-cookie': refreshCookie(refresh.token, refresh.expiresAt) } : {});
  },
});
