import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { deleteObject } from '@/lib/storage/object-storage';

const ZPayload = z.object({ bucket: z.string().min(1), key: z.string().startsWith('ticket-attachments/') });

/** Removes the bucket object of a deleted attachment row; throws (and is retried) while storage is down. */
export const deleteAttachmentObjectTask: Task = async (payload) => {
  const { bucket, key } = ZPayload.parse(payload);
  await deleteObject(bucket, key);
};
