import type { DistributorIntegration } from '@/lib/generated/prisma/client';
import type { TIntegration } from './schemas';
import { credentialsReadable } from './integration-credentials';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toIntegrationDto(row: DistributorIntegration): TIntegration {
  return {
    id: row.id,
    partnerId: row.partnerId,
    name: row.name,
    status: row.status,
    hasCredentials: row.credentialsSealed !== null,
    clientIdHint: row.clientIdHint,
    credentialsReadable: row.credentialsSealed !== null && credentialsReadable(row),
    syncStatus: row.syncStatus,
    syncJobId: row.syncJobId,
    syncQueuedAt: iso(row.syncQueuedAt),
    lastSyncStartedAt: iso(row.lastSyncStartedAt),
    lastSyncAt: iso(row.lastSyncAt),
    lastSyncError: row.lastSyncError,
    lastSyncCounts: (row.lastSyncCounts as TIntegration['lastSyncCounts']) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
