import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { db } from '@/lib/db';
import { enabledIntegrationIds, queueEdrSync, runEdrSync } from '@/lib/incidents/integrations';

const ZPayload = z.object({ integrationId: z.string().uuid() });

/** Pulls one EDR integration's findings (a provider error is recorded on the integration, not retried). */
export const syncEdrFindingsTask: Task = async (payload) => {
  await runEdrSync(ZPayload.parse(payload).integrationId);
};

/** Every 15 minutes: queues a sync for every enabled integration. */
export const syncEdrAllTask: Task = async () => {
  for (const id of await enabledIntegrationIds()) await queueEdrSync(db, id);
};
