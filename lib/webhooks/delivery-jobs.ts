// The graphile-worker side of deliveries. One job per attempt, keyed by delivery, carrying the
// attempt count it expects: a stale or duplicated job finds the count moved on and does nothing.
import type { DbOrTx } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

export const DELIVER_WEBHOOK_TASK = 'deliver_webhook';
// Failures inside the task (database unreachable) are retried by graphile-worker itself;
// HTTP outcomes never throw, they follow the delivery retry policy instead.
export const DELIVERY_JOB_MAX_ATTEMPTS = 10;

export interface DeliveryJobPayload {
  deliveryId: string;
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
