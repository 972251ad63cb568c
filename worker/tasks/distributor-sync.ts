import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { db } from '@/lib/db';
import { listSyncableIntegrationIds, runDistributorSync } from '@/lib/distributor/run-distributor-sync';
import { queueDistributorSync } from '@/lib/distributor/queue-distributor-sync';

const ZPayload = z.object({ integrationId: z.string().uuid() });

export const distributorSyncTask: Task = async (payload) => {
  await runDistributorSync(ZPayload.parse(payload).integrationId);
};

/** Nightly: queues a sync for every active integration. */
export const distributorSyncAllTask: Task = async () => {
  for (const id of await listSyncableIntegrationIds()) {
    await db.$transaction((tx) => queueDistributorSync(tx, id));
  }
};
