// POST /api/v1/sso/exchange — the one-time result of an SSO sign-in to the service's tokens.
import { defineRoute, jsonResponse } from '@/lib/http/define-route';
import { ZTokenResponse } from '@/lib/auth/schemas';
import { userSummary } from '@/lib/auth/login';
import { refreshCookie } from '@/lib/auth/refresh-cookie';
import { ZSsoExchangeBody } from '@/lib/sso/schemas';
import { exchangeSsoResult } from '@/lib/sso/exchange-sso-result';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZSsoExchangeBody,
  errors: [401, 403],
  summary: 'Exchange an SSO sign-in for tokens',
  description:
    'Takes the code the callback put in the `/login/sso` fragment (once, within 60 seconds; 401 `INVALID_SSO_CODE` otherwise) and answers like POST /auth/login: access token, refresh token (also as the HTTP-only cookie). The session is MFA-satisfied only when the provider has `trustIdpMfa` on and the ID token’s `amr` named a second factor; `mfaRequired` is then false. 401 `IP_NOT_ALLOWED` when the partner allowlist rejects the source; 403 `PARTNER_INACTIVE`.',
  tags: ['Single sign-on'],
  response: ZTokenResponse,
  audit: false,
  handler: async ({ ctx, body, req }) => {
    const { tokens, principal, mfa } = await exchangeSsoResult(ctx, body.code, req.headers.get('user-agent'));
    return jsonResponse(
      {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresInSeconds: tokens.expiresInSeconds,
        mfaRequired: principal.mfaEnabled && !mfa,
        user: userSummary(principal),
      },
      200,
      { 'set-cookie': refreshCookie(tokens.refreshToken, tokens.refreshExpiresAt), 'cache-control': 'no-store' },
    );
  },
});
