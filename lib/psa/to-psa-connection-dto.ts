import type { PsaConnection } from '@/lib/generated/prisma/client';
import type { PsaProvider, TPsaConnection } from './schemas';

type SyncStatus = TPsaConnection['syncStatus'];

export function toPsaConnectionDto(row: PsaConnection, boundConnectionId: string | null): TPsaConnection {
  return {
    id: row.id,
    provider: row.provider as PsaProvider,
    name: row.name,
    baseUrl: row.baseUrl,
    credentialHint: row.credentialHint,
    inUse: boundConnectionId === row.id,
    syncStatus: row.syncStatus as SyncStatus,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastSyncError: row.lastSyncError,
    lastTestAt: row.lastTestAt?.toISOString() ?? null,
    lastTestOk: row.lastTestOk,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
