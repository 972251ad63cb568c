// Contracts of the single sign-on routes: providers (the console's editor), presets, and the
// unauthenticated sign-in steps (start, callback, exchange, availability).
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { SSO_PRESET_IDS } from '@/lib/sso/presets';

export const ZDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Not a domain name (e.g. example.com)');

const ZScope = z.string().trim().min(1).max(100).regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'Not an OAuth scope token');

export const ZRoleMapping = z
  .object({
    group: z.string().trim().min(1).max(255).describe('A value of the groups claim (for Entra ID: the group object ID)'),
    roleId: z.string().uuid().describe('Role given to a new user in that group: a partner role for a partner-wide provider, an organization role for an organization provider'),
  })
  .strict();

const providerFields = {
  name: z.string().trim().min(1).max(255),
  preset: z.enum(SSO_PRESET_IDS),
  issuer: z.string().trim().url().max(2048).describe('Issuer identifier; discovery reads `{issuer}/.well-known/openid-configuration`'),
  clientId: z.string().trim().min(1).max(512),
  clientSecret: z.string().min(1).max(2048).describe('Write-only: stored encrypted, never returned'),
  scopes: z.array(ZScope).min(1).max(20).refine((s) => s.includes('openid'), 'Scopes must include openid'),
  emailDomains: z
    .array(ZDomain)
    .max(50)
    .describe(
      'Domains this provider claims. Each starts `pending` and counts only once verified through DNS (see `domains` and POST /sso/providers/{id}/domains/{domain}/verify): addresses in a verified domain see "Sign in with SSO" for this provider on the login page, may be provisioned without an `email_verified` claim, and existing accounts in it may be linked by address',
    ),
  groupsClaim: z.string().trim().min(1).max(255),
  roleMappings: z.array(ZRoleMapping).max(100).describe('First match wins'),
  defaultRoleId: z.string().uuid().nullable().describe('Role of a new user matching no mapping; null refuses such users'),
  jitProvisioning: z.boolean().describe('Create unknown users on first sign-in'),
  syncRoles: z
    .boolean()
    .describe('With role mappings: every sign-in sets the user’s role from the groups claim (a role change is audited), not only the first. On by default; without mappings it does nothing'),
  enforceSso: z.boolean().describe('Refuse password sign-in for the users this provider covers'),
  trustIdpMfa: z.boolean().describe("An ID token whose `amr` names a second factor satisfies the MFA gate. Off by default"),
  enabled: z.boolean(),
};

export const ZCreateSsoProvider = z
  .object({
    orgId: z.string().uuid().optional().describe('The organization; omitted: the whole partner (its own staff)'),
    ...providerFields,
    scopes: providerFields.scopes.optional(),
    emailDomains: providerFields.emailDomains.default([]),
    groupsClaim: providerFields.groupsClaim.optional(),
    roleMappings: providerFields.roleMappings.default([]),
    defaultRoleId: providerFields.defaultRoleId.default(null),
    jitProvisioning: providerFields.jitProvisioning.default(true),
    syncRoles: providerFields.syncRoles.default(true),
    enforceSso: providerFields.enforceSso.default(false),
    trustIdpMfa: providerFields.trustIdpMfa.default(false),
    enabled: providerFields.enabled.default(true),
  })
  .strict();
export type CreateSsoProvider = z.output<typeof ZCreateSsoProvider>;

export const ZUpdateSsoProvider = z.object(providerFields).partial().strict();
export type UpdateSsoProvider = z.output<typeof ZUpdateSsoProvider>;

export const ZListSsoProvidersQuery = z.object({
  orgId: z.string().uuid().optional().describe('Only this organization’s provider'),
});

export const ZGetSsoProviderQuery = z.object({
  test: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('`true`: also fetch the issuer’s discovery document and keys now and report the result'),
});

export const ZSsoDomain = z
  .object({
    domain: z.string(),
    status: z.enum(['pending', 'verified']).describe('`pending` until the TXT record is found; only `verified` domains route sign-ins'),
    verifiedAt: ZTimestamp.nullable(),
    lastCheckedAt: ZTimestamp.nullable(),
    lastCheckError: z.string().nullable().describe('Why the last check failed; null after a success or before any'),
    txtRecord: z
      .object({ name: z.string().describe('`_rmm-sso.<domain>`'), value: z.string().describe('`rmm-sso-verification=<token>`') })
      .describe('The DNS TXT record to publish'),
  })
  .meta({ id: 'SsoDomain' });
export type TSsoDomain = z.infer<typeof ZSsoDomain>;

export const ZSsoDomainParams = z.object({
  id: z.string().uuid(),
  domain: ZDomain.describe('One of the provider’s `emailDomains`'),
});

export const ZSsoProvider = z
  .object({
    id: z.string().uuid(),
    partnerId: z.string().uuid(),
    orgId: z.string().uuid().nullable(),
    name: z.string(),
    preset: z.enum(SSO_PRESET_IDS),
    issuer: z.string(),
    clientId: z.string(),
    clientSecretSet: z.boolean(),
    scopes: z.array(z.string()),
    emailDomains: z.array(z.string()).describe('Every claimed domain, verified or not'),
    domains: z.array(ZSsoDomain).describe('The claimed domains with their verification state'),
    groupsClaim: z.string(),
    roleMappings: z.array(ZRoleMapping),
    defaultRoleId: z.string().uuid().nullable(),
    jitProvisioning: z.boolean(),
    syncRoles: z.boolean(),
    enforceSso: z.boolean(),
    trustIdpMfa: z.boolean(),
    enabled: z.boolean(),
    redirectUri: z.string().describe('Register this at the identity provider'),
    loginUrl: z.string().describe('Starts a sign-in through this provider'),
    lastLoginAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
    test: z
      .object({ ok: z.boolean(), issuer: z.string().nullable(), keys: z.number().int().nullable(), error: z.string().nullable() })
      .optional()
      .describe('Present with `test=true`'),
  })
  .meta({ id: 'SsoProvider' });
export type TSsoProvider = z.infer<typeof ZSsoProvider>;

export const ZSsoProviderList = z.object({ data: z.array(ZSsoProvider) });

export const ZSsoPreset = z
  .object({
    id: z.enum(SSO_PRESET_IDS),
    name: z.string(),
    issuerTemplate: z.string(),
    placeholders: z.array(z.object({ key: z.string(), label: z.string(), example: z.string() })),
    scopes: z.array(z.string()),
    groupsClaim: z.string(),
    notes: z.string(),
    docsUrl: z.string().nullable(),
  })
  .meta({ id: 'SsoPreset' });
export type TSsoPreset = z.infer<typeof ZSsoPreset>;
export const ZSsoPresetList = z.object({ data: z.array(ZSsoPreset) });

/** A path of the console to land on after signing in: same origin only. */
const ZReturnTo = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'A path of this site, starting with one slash');

export const ZTenantParams = z.object({
  orgId: z.string().uuid().describe('An organization id (its provider, else its partner’s) or a partner id (the partner-wide provider)'),
});

export const ZCheckParams = z.object({
  orgId: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .describe('An organization or partner id, or an email address or domain (the provider that claims the domain)'),
});

export const ZSsoLoginQuery = z.object({
  returnTo: ZReturnTo.optional(),
  loginHint: z.string().trim().max(255).optional().describe('Passed to the provider as `login_hint`'),
});

export const ZSsoCallbackQuery = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(255).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(2048).optional(),
  session_state: z.string().max(2048).optional(),
});

export const ZSsoExchangeBody = z.object({ code: z.string().trim().min(1).max(256) }).strict();

export const ZSsoCheck = z
  .object({
    available: z.boolean(),
    tenantId: z.string().uuid().nullable().describe('Pass to GET /sso/login/{orgId}'),
    providerName: z.string().nullable(),
    enforced: z.boolean().describe('Password sign-in is refused for the users this provider covers'),
    loginUrl: z.string().nullable(),
  })
  .meta({ id: 'SsoCheck' });
export type TSsoCheck = z.infer<typeof ZSsoCheck>;
