// /api/v1/sso/providers/:id — one SSO provider.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZGetSsoProviderQuery, ZSsoProvider, ZUpdateSsoProvider } from '@/lib/sso/schemas';
import { getSsoProvider } from '@/lib/sso/get-sso-provider-or-throw';
import { updateSsoProvider } from '@/lib/sso/update-sso-provider';
import { deleteSsoProvider } from '@/lib/sso/delete-sso-provider';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'sso:read',
  params: ZIdParams,
  query: ZGetSsoProviderQuery,
  summary: 'Get an SSO provider',
  description: 'With `test=true` the issuer’s discovery document and key set are fetched now and the result is reported in `test` (the console’s "test connection").',
  tags: ['Single sign-on'],
  response: ZSsoProvider,
  handler: ({ ctx, params, query }) => getSsoProvider(ctx, params.id, query.test),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'sso:manage',
  mfa: true,
  params: ZIdParams,
  body: ZUpdateSsoProvider,
  errors: [409],
  summary: 'Update an SSO provider',
  description: 'Only the fields sent change; `clientSecret` replaces the stored secret. `emailDomains` replaces the claimed list: domains kept keep their verification, new ones start `pending` (409 `EMAIL_DOMAIN_CLAIMED` for one another provider of the partner claims or another partner has verified). The partner-wide provider needs access to every organization.',
  tags: ['Single sign-on'],
  response: ZSsoProvider,
  handler: ({ ctx, params, body }) => updateSsoProvider(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'sso:manage',
  mfa: true,
  params: ZIdParams,
  summary: 'Delete an SSO provider',
  description: 'Pending sign-ins and identity links go with it; the users it created stay (they sign in with a password reset or another provider).',
  tags: ['Single sign-on'],
  handler: ({ ctx, params }) => deleteSsoProvider(ctx, params.id),
});
