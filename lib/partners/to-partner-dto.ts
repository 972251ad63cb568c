import type { Partner } from '@/lib/generated/prisma/client';
import { SERVICE_MANAGEMENT_MODES, type TPartner } from '@/lib/partners/schemas';

type Mode = (typeof SERVICE_MANAGEMENT_MODES)[number];

/** Doc 1: an unrecognised or missing stored mode reads as `native`. */
export function readServiceManagementMode(stored: string | null | undefined): Mode {
  return (SERVICE_MANAGEMENT_MODES as readonly string[]).includes(stored ?? '') ? (stored as Mode) : 'native';
}

export function toPartnerDto(p: Partner): TPartner {
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
    ssoConfig: (p.ssoConfig ?? null) as Record<string, unknown> | null,
    billingEmail: p.billingEmail,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    deletedAt: p.deletedAt?.toISOString() ?? null,
  };
}
