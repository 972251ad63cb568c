import type { Task } from 'graphile-worker';
import { purgePendingAttachments } from '@/lib/tickets/attachments/purge-pending-attachments';

/** Every 15 minutes: ticket uploads still unclaimed 24 hours after upload are deleted. */
export const purgePendingAttachmentsTask: Task = async (_payload, helpers) => {
  const removed = await purgePendingAttachments();
  if (removed > 0) helpers.logger.info(`purged ${removed} unclaimed ticket attachments`);
};
