import { db } from '@/lib/db';

/**
 * Deletes metric history buckets that started more than `retentionDays` ago, `batchSize` rows per
 * statement (each its own short transaction, so a large backlog never holds long locks or one
 * huge WAL burst). Returns how many rows were deleted.
 */
export async function pruneMetricHistory(retentionDays: number, batchSize = 10_000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      delete from device_metric_buckets b using (
        select device_id, bucket from device_metric_buckets
        where bucket < now() - make_interval(days => ${retentionDays}::int)
        limit ${batchSize}::int) old
      where b.device_id = old.device_id and b.bucket = old.bucket`;
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
