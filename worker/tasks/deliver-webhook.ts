import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { attemptDelivery } from '@/lib/webhooks/attempt-delivery';
import { logger } from '@/lib/observability/logger';
import type { DeliveryBatchJobPayload, DeliveryJobPayload } from '@/lib/webhooks/delivery-jobs';

const ZPayload = z.object({ deliveryId: z.string().uuid(), attempt: z.number().int().min(0) });
const ZBatchPayload = z.object({ deliveryIds: z.array(z.string().uuid()).min(1), attempt: z.number().int().min(0) });

/** One webhook delivery attempt. HTTP outcomes never throw (the delivery retry policy
 * schedules the next attempt itself); only infrastructure errors do, to be retried here. */
export const deliverWebhookTask: Task = async (payload, helpers) => {
  const job: DeliveryJobPayload = ZPayload.parse(payload);
  const outcome = await attemptDelivery(job);
  if (logger.isLevelEnabled('debug')) helpers.logger.debug(`delivery ${job.deliveryId}: ${outcome}`);
};

/**
 * The first attempts of a fan-out, side by side (their claims and outcomes share statements).
 * Every attempt is seen through before an infrastructure error fails the job: its retry then
 * finds the attempts already made moved on, and makes only the others.
 */
export const deliverWebhooksTask: Task = async (payload, helpers) => {
  const job: DeliveryBatchJobPayload = ZBatchPayload.parse(payload);
  const results = await Promise.allSettled(job.deliveryIds.map((deliveryId) => attemptDelivery({ deliveryId, attempt: job.attempt })));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  if (logger.isLevelEnabled('debug')) {
    helpers.logger.debug(`deliveries ${job.deliveryIds.join(', ')}: ${results.map((r) => (r as PromiseFulfilledResult<string>).value).join(', ')}`);
  }
};
