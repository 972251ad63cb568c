import type { Task } from 'graphile-worker';
import { recoverLostDeliveries } from '@/lib/webhooks/recover-deliveries';

export const recoverWebhookDeliveriesTask: Task = async (_payload, helpers) => {
  const requeued = await recoverLostDeliveries();
  if (requeued > 0) helpers.logger.warn(`re-queued ${requeued} webhook deliveries whose job was lost`);
};
