// Turns a validated partner PATCH into column updates, enforcing the rules shared by
// PATCH /orgs/partners/:id and PATCH /orgs/partners/me.
import { Prisma, type Partner } from '@/lib/generated/prisma/client';
import { AppError, badRequest } from '@/lib/http/errors';
import { mergeSettings } from '@/lib/tenancy/merge-settings';
import { allowlistOf, invalidAllowlistEntries, proxyTrustConfigured } from '@/lib/security/ip-allowlist';
import { readServiceManagementMode } from '@/lib/partners/to-partner-dto';
import { mergeSsoConfig, type SsoConfigPatch } from '@/lib/partners/sso-config';

export interface PartnerPatch {
  name?: string;
  slug?: string;
  type?: Partner['type'];
  plan?: Partner['plan'];
  maxOrganizations?: number | null;
  maxDevices?: number | null;
  billingEmail?: string | null;
  settings?: Record<string, unknown>;
  serviceManagementMode?: 'native' | 'external' | 'off';
  serviceManagementPsaConnectionId?: string | null;
  ssoConfig?: SsoConfigPatch | null;
}

function checkAllowlist(settings: Record<string, unknown>, previous: unknown): void {
  const list = allowlistOf(settings);
  const invalid = invalidAllowlistEntries(list);
  if (invalid.length > 0) {
    throw badRequest(
      `Invalid IP allowlist entr${invalid.length === 1 ? 'y' : 'ies'}: ${invalid.join(', ')}`,
      invalid.map((entry) => ({ path: 'body.settings.security.ipAllowlist', message: `"${entry}" is not an IP address or CIDR range` })),
    );
  }
  const enabling = list.length > 0 && JSON.stringify(list) !== JSON.stringify(allowlistOf(previous));
  if (enabling && !proxyTrustConfigured()) {
    throw new AppError(
      'proxy_trust_required',
      400,
      'An IP allowlist needs trusted-proxy parsing: set TRUST_PROXY_HEADERS and TRUSTED_PROXY_CIDRS first',
    );
  }
}

export function buildPartnerUpdate(current: Partner, patch: PartnerPatch): Prisma.PartnerUpdateInput {
  const data: Prisma.PartnerUpdateInput = {};
  for (const key of ['name', 'slug', 'type', 'plan', 'maxOrganizations', 'maxDevices', 'billingEmail'] as const) {
    if (patch[key] !== undefined) (data as Record<string, unknown>)[key] = patch[key];
  }
  if (patch.ssoConfig !== undefined) {
    const merged = mergeSsoConfig(current.ssoConfig, patch.ssoConfig);
    data.ssoConfig = merged === null ? Prisma.DbNull : merged;
  }

  if (patch.settings !== undefined) {
    const merged = mergeSettings(current.settings, patch.settings);
    checkAllowlist(merged, current.settings);
    data.settings = merged as Prisma.InputJsonValue;
  }

  if (patch.serviceManagementMode !== undefined || patch.serviceManagementPsaConnectionId !== undefined) {
    const mode = patch.serviceManagementMode ?? readServiceManagementMode(current.serviceManagementMode);
    let psa = patch.serviceManagementPsaConnectionId !== undefined ? patch.serviceManagementPsaConnectionId : current.serviceManagementPsaConnectionId;
    if (mode === 'external' && !psa) {
      throw badRequest('serviceManagementPsaConnectionId is required when serviceManagementMode is external', [
        { path: 'body.serviceManagementPsaConnectionId', message: 'Required when mode is external' },
      ]);
    }
    if (mode !== 'external') {
      if (patch.serviceManagementPsaConnectionId) {
        throw badRequest('serviceManagementPsaConnectionId must be null unless serviceManagementMode is external', [
          { path: 'body.serviceManagementPsaConnectionId', message: 'Must be null unless mode is external' },
        ]);
      }
      psa = null; // leaving external mode unbinds the connection
    }
    data.serviceManagementMode = mode;
    data.serviceManagementPsaConnectionId = psa;
  }
  return data;
}
