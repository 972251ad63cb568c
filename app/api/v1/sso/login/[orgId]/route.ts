// GET /api/v1/sso/login/:orgId — starts a sign-in at the tenant's identity provider.
import { defineRoute } from '@/lib/http/define-route';
import { ZSsoLoginQuery, ZTenantParams } from '@/lib/sso/schemas';
import { startSsoLogin } from '@/lib/sso/start-sso-login';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZTenantParams,
  query: ZSsoLoginQuery,
  status: 302,
  errors: [429],
  summary: 'Start an SSO sign-in',
  description:
    'Redirects the browser to the provider’s authorization endpoint (authorization code with PKCE S256, `state` and `nonce`; the state is stored server-side for 10 minutes and is good for one callback). `orgId` names an organization (its provider, else its partner’s partner-wide one) or a partner. 404 when the tenant has no enabled provider; 503 `IDP_UNAVAILABLE` when the provider’s discovery document cannot be fetched; 429 beyond 60 starts per client address in 10 minutes.',
  tags: ['Single sign-on'],
  handler: async ({ ctx, params, query }) => new Response(null, { status: 302, headers: { location: await startSsoLogin(ctx.ip, params.orgId, query), 'cache-control': 'no-store' } }),
});
