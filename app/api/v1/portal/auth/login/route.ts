// POST /api/v1/portal/auth/login — a portal user signs in; the session travels in a sealed cookie.
import { defineRoute } from '@/lib/http/define-route';
import { ZPortalLogin, ZPortalLoginResponse } from '@/lib/portal/auth/schemas';
import { loginPortal } from '@/lib/portal/auth/login-portal';
import { jsonWithCookies } from '@/lib/portal/session/portal-cookies';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZPortalLogin,
  errors: [401, 429],
  summary: 'Sign in to the customer portal',
  description: [
    'The portal is named by the custom domain the request comes in on, else by `site` (the partner’s portal key); with neither, the address must belong to exactly one portal account.',
    'Sets `rmm_portal` (iron-session seal of a server-side session: HttpOnly, SameSite=Lax, Secure on https, host-only) and `rmm_portal_csrf` (readable; echo it as `X-CSRF-Token` on every POST/PATCH). Each sign-in opens a new session and ends the one the browser held.',
    'One identical 401 `INVALID_CREDENTIALS` for unknown addresses, wrong passwords and accounts not (or no longer) allowed in; 429 past the per-IP and per-address limits (LOGIN_RATE_LIMIT_*); 403 `CROSS_ORIGIN_REQUEST` from another site’s page; 403 `PARTNER_INACTIVE`.',
  ].join('\n\n'),
  tags: ['Portal'],
  response: ZPortalLoginResponse,
  audit: false,
  handler: async ({ ctx, body, req }) => {
    const { cookies, body: answer } = await loginPortal(ctx, body, req);
    return jsonWithCookies(answer, 200, cookies);
  },
});
