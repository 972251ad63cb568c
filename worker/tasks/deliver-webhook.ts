import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { attemptDelivery } from '@/lib/webhooks/attempt-delivery';
import { logger } from '@/lib/observability/logger';

const ZPayload = z.object({ deliveryId: z.string().uuid(), attempt: z.number().int().min(0) });

/** One webhook delivery attempt. HTTP outcomes never throw (the delivery retry policy
 * schedules the next attempt itself); only infrastructure errors do, to be retried here. */
export const deliverWebhookTask: Task = async (payload, helpers) => {
  const job = ZPayload.parse(payload);
  const outcome = await attemptDelivery(job);
  if (logger.isLevelEnabled('debug')) helpers.logger.debug(`delivery ${job.deliveryId}: ${outcome}`);
};
