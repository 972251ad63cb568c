// POST /api/v1/auth/login — email and password to an access/refresh token pair.
import { defineRoute, jsonResponse } from '@/lib/http/define-route';
import { ZLoginBody, ZTokenResponse } from '@/lib/auth/schemas';
import { login, userSummary } from '@/lib/auth/login';
import { refreshCookie } from '@/lib/auth/refresh-cookie';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZLoginBody,
  errors: [401, 403, 429],
  summary: 'Sign in',
  description: 'Wrong credentials get one identical 401 whether or not the address exists. When the account has MFA enabled, `mfaRequired` is true and MFA-gated routes need POST /auth/mfa/verify first. 401 `IP_NOT_ALLOWED` when the partner allowlist rejects the source; 429 when rate limited.',
  tags: ['Authentication'],
  response: ZTokenResponse,
  audit: false,
  handler: async ({ ctx, body, req }) => {
    const { tokens, principal } = await login(ctx, body, req.headers.get('user-agent'));
    return jsonResponse(
      {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresInSeconds: tokens.expiresInSeconds,
        mfaRequired: principal.mfaEnabled,
        user: userSummary(principal),
      },
      200,
      { 'set-cookie': refreshCookie(tokens.refreshToken, tokens.refreshExpiresAt) },
    );
  },
});
