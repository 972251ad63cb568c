import type { Task } from 'graphile-worker';
import { pruneDeliveries } from '@/lib/webhooks/prune-deliveries';

export const pruneWebhookDeliveriesTask: Task = async (_payload, helpers) => {
  const deleted = await pruneDeliveries();
  helpers.logger.info(`pruned ${deleted} webhook deliveries past retention`);
};
