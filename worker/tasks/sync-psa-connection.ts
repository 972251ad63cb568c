import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { queueAllPsaSyncs } from '@/lib/psa/request-psa-sync';
import { runPsaSync } from '@/lib/psa/run-psa-sync';

const ZPayload = z.object({ connectionId: z.string().uuid() });

/** Syncs one PSA connection; a PSA failure is recorded on the connection, not retried. */
export const syncPsaConnectionTask: Task = async (payload) => {
  await runPsaSync(ZPayload.parse(payload).connectionId);
};

/** Every 30 minutes: queues an incremental sync of every PSA connection. */
export const syncPsaAllTask: Task = async () => {
  await queueAllPsaSyncs();
};
