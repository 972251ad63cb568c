// POST /api/v1/auth/logout — revoke the current session.
import { defineRoute } from '@/lib/http/define-route';
import { ZRefreshBody } from '@/lib/auth/schemas';
import { REFRESH_COOKIE, clearRefreshCookie, readCookie } from '@/lib/auth/refresh-cookie';
import { bearerToken } from '@/lib/auth/authenticate-user';
import { logout } from '@/lib/auth/logout';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZRefreshBody,
  summary: 'Sign out',
  description: 'Revokes the session named by the bearer token, or by the refresh token in the body or cookie. Always 204.',
  tags: ['Authentication'],
  status: 204,
  audit: false,
  handler: async ({ ctx, body, req }) => {
    await logout(ctx, { accessToken: bearerToken(req), refreshToken: body.refreshToken ?? readCookie(req, REFRESH_COOKIE) });
    return new Response(null, { status: 204, headers: { 'set-cookie': clearRefreshCookie() } });
  },
});
