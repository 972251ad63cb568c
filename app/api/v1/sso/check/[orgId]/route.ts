// GET /api/v1/sso/check/:orgId — whether "Sign in with SSO" applies (the login page asks).
import { defineRoute } from '@/lib/http/define-route';
import { ZCheckParams, ZSsoCheck } from '@/lib/sso/schemas';
import { checkSso } from '@/lib/sso/check-sso';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZCheckParams,
  summary: 'Check SSO availability',
  description: '`orgId` is an organization or partner id, or an email address or domain (the provider that claims the domain). Always 200: an unknown tenant, one without SSO and a disabled provider all answer `available: false`.',
  tags: ['Single sign-on'],
  response: ZSsoCheck,
  handler: ({ params }) => checkSso(params.orgId),
});
