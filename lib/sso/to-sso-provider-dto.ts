import type { SsoDomain, SsoProvider } from '@/lib/generated/prisma/client';
import { publicUrl } from '@/lib/public-url';
import { redirectUri } from '@/lib/sso/oidc-config';
import type { SsoPresetId } from '@/lib/sso/presets';
import type { TSsoProvider } from '@/lib/sso/schemas';
import { toSsoDomainDto } from '@/lib/sso/sso-domains';

type RoleMapping = { group: string; roleId: string };

export function roleMappingsOf(value: unknown): RoleMapping[] {
  if (!Array.isArray(value)) return [];
  return value.filter((m): m is RoleMapping => typeof m?.group === 'string' && typeof m?.roleId === 'string');
}

export type SsoProviderWithDomains = SsoProvider & { domains: SsoDomain[] };

/** Load providers with this to have what the DTO shows. */
export const providerInclude = { domains: { orderBy: { domain: 'asc' as const } } };

export function toSsoProviderDto(p: SsoProviderWithDomains): TSsoProvider {
  return {
    id: p.id,
    partnerId: p.partnerId,
    orgId: p.orgId,
    name: p.name,
    preset: p.preset as SsoPresetId,
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecretSet: p.clientSecretSealed.length > 0,
    scopes: p.scopes,
    emailDomains: p.domains.map((d) => d.domain),
    domains: p.domains.map(toSsoDomainDto),
    groupsClaim: p.groupsClaim,
    roleMappings: roleMappingsOf(p.roleMappings),
    defaultRoleId: p.defaultRoleId,
    jitProvisioning: p.jitProvisioning,
    syncRoles: p.syncRoles,
    enforceSso: p.enforceSso,
    trustIdpMfa: p.trustIdpMfa,
    enabled: p.enabled,
    redirectUri: redirectUri(),
    loginUrl: publicUrl(`/api/v1/sso/login/${p.orgId ?? p.partnerId}`),
    lastLoginAt: p.lastLoginAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
