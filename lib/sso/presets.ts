// Starting points for the identity providers MSPs use most. A preset fills the issuer (from a
// template with the customer's own part left to fill), the scopes and the claim that carries
// group membership; everything stays editable on the provider.
export const SSO_PRESET_IDS = ['entra_id', 'google_workspace', 'okta', 'oidc'] as const;
export type SsoPresetId = (typeof SSO_PRESET_IDS)[number];

export interface SsoPreset {
  id: SsoPresetId;
  name: string;
  /** Issuer URL; `{name}` parts are filled from `placeholders`. */
  issuerTemplate: string;
  placeholders: { key: string; label: string; example: string }[];
  scopes: string[];
  groupsClaim: string;
  notes: string;
  docsUrl: string | null;
}

export const SSO_PRESETS: SsoPreset[] = [
  {
    id: 'entra_id',
    name: 'Microsoft Entra ID',
    issuerTemplate: 'https://login.microsoftonline.com/{tenantId}/v2.0',
    placeholders: [{ key: 'tenantId', label: 'Directory (tenant) ID', example: '72f988bf-86f1-41af-91ab-2d7cd011db47' }],
    scopes: ['openid', 'email', 'profile'],
    groupsClaim: 'groups',
    notes: 'Register a web application, add the redirect URI, create a client secret, and add the "groups" claim to the ID token (token configuration). Entra ID sends group object IDs, so map object IDs to roles.',
    docsUrl: 'https://learn.microsoft.com/entra/identity-platform/v2-protocols-oidc',
  },
  {
    id: 'google_workspace',
    name: 'Google Workspace',
    issuerTemplate: 'https://accounts.google.com',
    placeholders: [],
    scopes: ['openid', 'email', 'profile'],
    groupsClaim: 'groups',
    notes: 'Create an OAuth client of type "Web application" in Google Cloud. Google ID tokens carry no groups: give new users a default role, and list your Workspace domains so only their addresses are provisioned.',
    docsUrl: 'https://developers.google.com/identity/openid-connect/openid-connect',
  },
  {
    id: 'okta',
    name: 'Okta',
    issuerTemplate: 'https://{oktaDomain}/oauth2/default',
    placeholders: [{ key: 'oktaDomain', label: 'Okta domain', example: 'acme.okta.com' }],
    scopes: ['openid', 'email', 'profile', 'groups'],
    groupsClaim: 'groups',
    notes: 'Create an OIDC web application; on the authorization server add a "groups" claim to the ID token (filter: matches regex .*).',
    docsUrl: 'https://developer.okta.com/docs/concepts/oauth-openid/',
  },
  {
    id: 'oidc',
    name: 'Generic OpenID Connect',
    issuerTemplate: '{issuer}',
    placeholders: [{ key: 'issuer', label: 'Issuer URL', example: 'https://idp.example.com' }],
    scopes: ['openid', 'email', 'profile'],
    groupsClaim: 'groups',
    notes: 'Any provider that publishes /.well-known/openid-configuration and signs ID tokens with keys from its JWKS.',
    docsUrl: null,
  },
];

/** `authentication methods references` values that name a second factor or a phishing-resistant method (RFC 8176). */
const MULTI_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'sms', 'swk', 'fido', 'tel', 'face', 'fpt', 'iris', 'retina', 'vbm', 'sc']);

export function amrSatisfiesMfa(amr: unknown): boolean {
  return Array.isArray(amr) && amr.some((v) => typeof v === 'string' && MULTI_FACTOR_AMR.has(v));
}
