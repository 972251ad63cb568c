// GET /api/v1/sso/presets — starting points for the common identity providers.
import { defineRoute } from '@/lib/http/define-route';
import { ZSsoPresetList } from '@/lib/sso/schemas';
import { SSO_PRESETS } from '@/lib/sso/presets';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'sso:read',
  summary: 'List SSO provider presets',
  description: 'Microsoft Entra ID, Google Workspace, Okta and generic OpenID Connect: the issuer template with the parts to fill, default scopes, the groups claim and setup notes.',
  tags: ['Single sign-on'],
  response: ZSsoPresetList,
  handler: () => ({ data: SSO_PRESETS }),
});
