// The 24-hour sweep: pending uploads nobody claimed are deleted, with their bytes (doc 2).
import { db } from '@/lib/db';
import { PENDING_UPLOAD_LIFETIME_HOURS } from '@/lib/tickets/attachments/limits';
import { removeAttachments } from '@/lib/tickets/attachments/delete-ticket-attachment';

/** Deletes expired pending uploads in batches; returns how many went. */
export async function purgePendingAttachments(batchSize = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await db.$transaction(async (tx) => {
      // SKIP LOCKED: an upload being claimed right now is left for the next sweep (and then claimed).
      const rows = await tx.$queryRaw<{ id: string; storage: string; storage_bucket: string | null; storage_key: string | null }[]>`
        select id, storage::text as storage, storage_bucket, storage_key from ticket_attachments
        where comment_id is null and created_at < now() - make_interval(hours => ${PENDING_UPLOAD_LIFETIME_HOURS}::int)
        order by created_at
        limit ${batchSize}
        for update skip locked`;
      await removeAttachments(tx, rows.map((r) => ({ id: r.id, storage: r.storage, storageBucket: r.storage_bucket, storageKey: r.storage_key })));
      return rows.length;
    });
    total += removed;
    if (removed < batchSize) return total;
  }
}
