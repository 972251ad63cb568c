import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { runPsaSync } from '@/lib/psa/run-psa-sync';

const ZPayload = z.object({ connectionId: z.string().uuid() });

/** Syncs one PSA connection; a PSA failure is recorded on the connection, not retried. */
export const syncPsaConnectionTask: Task = async (payload) => {
  await runPsaSync(ZPayload.parse(payload).connectionId);
};
