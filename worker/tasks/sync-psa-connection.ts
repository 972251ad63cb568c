import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { queueAllPsaSyncs } from '@/lib/psa/request-psa-sync';
import { runPsaSync } from '@/lib/psa/run-psa-sync';
import { openPsaTicket, updatePsaTicketForResolution } from '@/lib/psa/psa-ticket-requests';

const ZPayload = z.object({ connectionId: z.string().uuid() });

/** Syncs one PSA connection; a PSA failure is recorded on the connection, not retried. */
export const syncPsaConnectionTask: Task = async (payload) => {
  await runPsaSync(ZPayload.parse(payload).connectionId);
};

/** Every 30 minutes: queues an incremental sync of every PSA connection. */
export const syncPsaAllTask: Task = async () => {
  await queueAllPsaSyncs();
};

const ZRequest = z.object({ requestId: z.string().uuid() });

/** Opens an alert's ticket in the PSA; throws (so the worker retries) on 429/5xx only. */
export const openPsaTicketTask: Task = async (payload) => {
  await openPsaTicket(ZRequest.parse(payload).requestId);
};

/** Adds the resolution note to an alert's PSA ticket (and closes it when the rule says so). */
export const updatePsaTicketTask: Task = async (payload) => {
  await updatePsaTicketForResolution(ZRequest.parse(payload).requestId);
};
