import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { getPsaConnectionOrThrow } from './get-psa-connection-or-throw';

export const SYNC_PSA_TASK = 'sync_psa_connection';

/** One queued sync per connection: a second request while one waits joins it. */
export const queuePsaSync = (client: DbOrTx, connectionId: string) => enqueueJob(client, SYNC_PSA_TASK, { connectionId }, { jobKey: `${SYNC_PSA_TASK}:${connectionId}`, maxAttempts: 3 });

export async function requestPsaSync(ctx: ScopedContext, id: string) {
  const row = await getPsaConnectionOrThrow(ctx, id);
  await db.$transaction(async (tx) => {
    await queuePsaSync(tx, row.id);
    // A running sync keeps its status; the queued one follows it.
    await tx.psaConnection.update({ where: { id: row.id }, data: { syncQueuedAt: new Date(), ...(row.syncStatus === 'running' ? {} : { syncStatus: 'queued' }) } });
  });
  return { queued: true as const, syncStatus: row.syncStatus === 'running' ? ('running' as const) : ('queued' as const) };
}

/** The periodic sweep: every connection not already waiting gets a sync queued. */
export async function queueAllPsaSyncs(): Promise<number> {
  const rows = await db.psaConnection.findMany({ where: { syncStatus: { not: 'queued' } }, select: { id: true } });
  for (const { id } of rows) {
    await db.$transaction(async (tx) => {
      await queuePsaSync(tx, id);
      await tx.psaConnection.updateMany({ where: { id, syncStatus: { not: 'running' } }, data: { syncStatus: 'queued', syncQueuedAt: new Date() } });
    });
  }
  return rows.length;
}
