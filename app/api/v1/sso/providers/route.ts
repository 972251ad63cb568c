// /api/v1/sso/providers — OpenID Connect providers of the partner and its organizations.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateSsoProvider, ZListSsoProvidersQuery, ZSsoProvider, ZSsoProviderList } from '@/lib/sso/schemas';
import { listSsoProviders } from '@/lib/sso/list-sso-providers';
import { createSsoProvider } from '@/lib/sso/create-sso-provider';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'sso:read',
  query: ZListSsoProvidersQuery,
  summary: 'List SSO providers',
  description: 'The partner-wide provider (orgId null, for the partner’s own staff) and the providers of the organizations the caller sees; organization users see their organization’s only. Client secrets are never returned.',
  tags: ['Single sign-on'],
  response: ZSsoProviderList,
  handler: ({ ctx, query }) => listSsoProviders(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'sso:manage',
  mfa: true,
  body: ZCreateSsoProvider,
  status: 201,
  errors: [403, 409],
  summary: 'Create an SSO provider',
  description:
    'One provider per organization and one partner-wide (409 `SSO_PROVIDER_EXISTS`). Email domains start `pending` and must be verified through DNS (POST /sso/providers/{id}/domains/{domain}/verify); within a partner a domain belongs to one provider, and a domain another partner has verified cannot be claimed (409 `EMAIL_DOMAIN_CLAIMED`). 403 `SSO_NOT_ALLOWED` when a system operator has turned SSO off for the partner (`ssoConfig.allowed`). The issuer follows the outbound URL-safety rules of webhooks. Mapped roles must be partner roles for a partner-wide provider and organization roles for an organization’s. `clientSecret` is stored encrypted. Register the returned `redirectUri` at the provider.',
  tags: ['Single sign-on'],
  response: ZSsoProvider,
  handler: ({ ctx, body }) => createSsoProvider(ctx, body),
});
