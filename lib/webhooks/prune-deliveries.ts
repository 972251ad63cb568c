import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';

/** Deletes finished deliveries (and their dead letters) older than the retention period, in
 * batches so one run never holds long locks. */
export async function pruneDeliveries(): Promise<number> {
  const days = env().WEBHOOK_DELIVERY_RETENTION_DAYS;
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw(Prisma.sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries
        where status in ('delivered', 'failed') and created_at < now() - make_interval(days => ${days}::int)
        limit 5000)`);
    total += deleted;
    if (deleted < 5000) return total;
  }
}
