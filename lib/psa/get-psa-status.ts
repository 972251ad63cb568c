import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { getPsaConnectionOrThrow } from './get-psa-connection-or-throw';
import type { PSA_SYNC_STATUSES } from './schemas';

type Cursor = { companies?: string; contacts?: string; tickets?: string };

export async function getPsaStatus(ctx: ScopedContext, id: string) {
  const row = await getPsaConnectionOrThrow(ctx, id);
  const where = { connectionId: row.id };
  const [companies, contacts, tickets] = await Promise.all([db.psaCompany.count({ where }), db.psaContact.count({ where }), db.psaTicket.count({ where })]);
  const cursor = (row.syncCursor ?? {}) as Cursor;
  return {
    syncStatus: row.syncStatus as (typeof PSA_SYNC_STATUSES)[number],
    syncQueuedAt: row.syncQueuedAt?.toISOString() ?? null,
    lastSyncStartedAt: row.lastSyncStartedAt?.toISOString() ?? null,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastSyncError: row.lastSyncError,
    lastSyncCounts: (row.lastSyncCounts as { companies: number; contacts: number; tickets: number } | null) ?? null,
    cursor: { companies: cursor.companies ?? null, contacts: cursor.contacts ?? null, tickets: cursor.tickets ?? null },
    stored: { companies, contacts, tickets },
  };
}
