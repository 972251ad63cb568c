import type { DistributorCompany } from '@/lib/generated/prisma/client';
import type { TCompany } from './schemas';

/** Readiness booleans only: contact personal data is never stored, let alone returned. */
export function toCompanyDto(row: DistributorCompany): TCompany {
  const statusActive = row.status.trim().toLowerCase() === 'active';
  return {
    id: row.id,
    integrationId: row.integrationId,
    distributorCompanyId: row.distributorCompanyId,
    name: row.name,
    status: row.status,
    orgId: row.orgId,
    ignored: row.ignored,
    mappedAt: row.mappedAt?.toISOString() ?? null,
    present: row.present,
    lastSyncedAt: row.lastSyncedAt.toISOString(),
    statusActive,
    primaryAdminReady: row.primaryAdminReady,
    primaryBillingReady: row.primaryBillingReady,
    primaryTechnicalReady: row.primaryTechnicalReady,
    orderReady: row.present && statusActive && row.primaryAdminReady && row.primaryBillingReady && row.primaryTechnicalReady,
  };
}
