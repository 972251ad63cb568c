// The graphile-worker side of deliveries. One job per attempt, keyed by delivery, carrying the
// attempt count it expects: a stale or duplicated job finds the count moved on and does nothing.
// The first attempts of an event fan-out share jobs instead (DELIVER_WEBHOOKS_TASK): one job per
// FAN_OUT_JOB_SIZE deliveries, unkeyed, each delivery still claimed by its own attempt count.
import type { DbOrTx } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

export const DELIVER_WEBHOOK_TASK = 'deliver_webhook';
export const DELIVER_WEBHOOKS_TASK = 'deliver_webhooks';
// Failures inside the task (database unreachable) are retried by graphile-worker itself;
// HTTP outcomes never throw, they follow the delivery retry policy instead.
export const DELIVERY_JOB_MAX_ATTEMPTS = 10;
/**
 * First attempts per fan-out job. A job is a row written three times (queued, locked, removed)
 * and a fetch, a dispatch and a completion in the worker: per delivery, that was most of what a
 * fan-out cost. Its attempts run side by side, so a job takes as long as its slowest receiver.
 */
export const FAN_OUT_JOB_SIZE = 20;

export interface DeliveryJobPayload {
  deliveryId: string;
  attempt: number;
}

export interface DeliveryBatchJobPayload {
  deliveryIds: string[];
  attempt: number;
}

export const deliveryJobKey = (deliveryId: string) => `webhook_delivery:${deliveryId}`;

export function enqueueDeliveryJob(client: DbOrTx, deliveryId: string, attempt: number, runAt?: Date): Promise<string> {
  const payload: DeliveryJobPayload = { deliveryId, attempt };
  return enqueueJob(client, DELIVER_WEBHOOK_TASK, payload, {
    runAt,
    jobKey: deliveryJobKey(deliveryId),
    maxAttempts: DELIVERY_JOB_MAX_ATTEMPTS,
  });
}
