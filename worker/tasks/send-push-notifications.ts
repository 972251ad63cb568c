import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { sendPushToUsers } from '@/lib/mobile/push';

const ZPayload = z.object({
  userIds: z.array(z.string().uuid()).max(10_000),
  message: z.object({ title: z.string(), body: z.string(), link: z.string().nullable(), severity: z.string().nullable(), alertId: z.string().uuid().nullable() }),
});

/**
 * One notification pushed to every registered browser and phone of its recipients. Failures are
 * recorded per subscription and not retried (a push is worth little late); gone ones are removed.
 */
export const sendPushNotificationsTask: Task = async (payload, helpers) => {
  const { userIds, message } = ZPayload.parse(payload);
  const counts = await sendPushToUsers(userIds, message);
  helpers.logger.info(`push: ${counts.sent} sent, ${counts.removed} removed, ${counts.failed} failed`);
};
