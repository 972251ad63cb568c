import type { Partner } from '@/lib/generated/prisma/client';
import { SERVICE_MANAGEMENT_MODES, type TPartner } from '@/lib/partners/schemas';
import { emptySsoConfig, loadSsoConfig, loadSsoConfigs, type TSsoConfig } from '@/lib/partners/sso-config';

type Mode = (typeof SERVICE_MANAGEMENT_MODES)[number];

/** Doc 1: an unrecognised or missing stored mode reads as `native`. */
export function readServiceManagementMode(stored: string | null | undefined): Mode {
  return (SERVICE_MANAGEMENT_MODES as readonly string[]).includes(stored ?? '') ? (stored as Mode) : 'native';
}

/** `sso` is the summary of the partner's SSO providers; omitted for a partner that has none yet. */
export function toPartnerDto(p: Partner, sso: TSsoConfig = emptySsoConfig(p.ssoConfig)): TPartner {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    type: p.type,
    plan: p.plan,
    status: p.status,
    maxOrganizations: p.maxOrganizations,
    maxDevices: p.maxDevices,
    settings: (p.settings ?? {}) as Record<string, unknown>,
    serviceManagementMode: readServiceManagementMode(p.serviceManagementMode),
    serviceManagementPsaConnectionId: p.serviceManagementPsaConnectionId,
    ssoConfig: sso,
    billingEmail: p.billingEmail,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    deletedAt: p.deletedAt?.toISOString() ?? null,
  };
}

/** The DTO with `ssoConfig` read from the partner's SSO providers. */
export async function partnerDto(p: Partner): Promise<TPartner> {
  return toPartnerDto(p, await loadSsoConfig(p));
}

export async function partnerDtos(rows: Partner[]): Promise<TPartner[]> {
  const sso = await loadSsoConfigs(rows);
  return rows.map((p) => toPartnerDto(p, sso.get(p.id)));
}
