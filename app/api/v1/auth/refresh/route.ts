// POST /api/v1/auth/refresh — rotate the refresh token (body or HTTP-only cookie).
import { defineRoute, jsonResponse } from '@/lib/http/define-route';
import { ZRefreshBody, ZTokenResponse } from '@/lib/auth/schemas';
import { REFRESH_COOKIE, readCookie, refreshCookie } from '@/lib/auth/refresh-cookie';
import { refreshSession } from '@/lib/auth/refresh-session';
import { userSummary } from '@/lib/auth/login';
import { unauthorized } from '@/lib/http/errors';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZRefreshBody,
  errors: [401],
  summary: 'Refresh tokens',
  description: 'Rotates: the presented refresh token stops working. Presenting a rotated-out token revokes the whole session.',
  tags: ['Authentication'],
  response: ZTokenResponse,
  audit: false,
  handler: async ({ ctx, body, req }) => {
    const token = body.refreshToken ?? readCookie(req, REFRESH_COOKIE);
    if (!token) throw unauthorized('Refresh token required', 'INVALID_REFRESH_TOKEN');
    const { tokens, principal } = await refreshSession(ctx, token);
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
