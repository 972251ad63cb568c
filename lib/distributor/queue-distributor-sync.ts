// Queues the sync job of an integration (companies, products, subscriptions) in the caller's
// transaction. One job key per integration: a sync already waiting absorbs the new request.
import type { DbOrTx } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

export const DISTRIBUTOR_SYNC_TASK = 'distributor_sync';

export async function queueDistributorSync(tx: DbOrTx, integrationId: string): Promise<string> {
  const jobId = await enqueueJob(tx, DISTRIBUTOR_SYNC_TASK, { integrationId }, { jobKey: `distributor_sync:${integrationId}`, jobKeyMode: 'replace', maxAttempts: 3 });
  await tx.distributorIntegration.update({ where: { id: integrationId }, data: { syncStatus: 'queued', syncJobId: jobId, syncQueuedAt: new Date() } });
  return jobId;
}
