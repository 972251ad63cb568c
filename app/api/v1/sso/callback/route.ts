// GET /api/v1/sso/callback — where the identity provider sends the browser back.
import { defineRoute } from '@/lib/http/define-route';
import { ZSsoCallbackQuery } from '@/lib/sso/schemas';
import { finishSsoLogin } from '@/lib/sso/finish-sso-login';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  query: ZSsoCallbackQuery,
  status: 302,
  summary: 'Finish an SSO sign-in (redirect URI)',
  description:
    'Consumes the stored state, exchanges the code (with the PKCE verifier) and validates the ID token: issuer, audience, signature through the provider’s JWKS, nonce, expiry. The user is found by their identity at the provider, else linked by address when the address’s domain is verified for the provider (within the provider’s tenant), else created with the role the groups claim maps to. With role mappings and `syncRoles`, a returning user’s role is set from the groups claim again (audited `sso.role_synced`). Success redirects to `/login/sso#code=<one-time code>` (valid 60 seconds, for POST /sso/exchange); any failure redirects to `/login?ssoError=<code>` (`SSO_STATE_INVALID`, `SSO_TOKEN_INVALID`, `SSO_IDP_ERROR`, `SSO_PROVIDER_DISABLED`, `SSO_EMAIL_MISSING`, `SSO_EMAIL_UNVERIFIED`, `SSO_DOMAIN_UNVERIFIED`, `SSO_ACCOUNT_CONFLICT`, `SSO_ACCOUNT_UNAVAILABLE`, `SSO_NO_ACCOUNT`, `SSO_NO_ROLE`) and is audited.',
  tags: ['Single sign-on'],
  handler: async ({ ctx, query }) => new Response(null, { status: 302, headers: { location: await finishSsoLogin(ctx, query), 'cache-control': 'no-store' } }),
});
