import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';

/**
 * Deletes plugin API-call log lines older than the webhook delivery retention, so both halves of
 * a plugin's log reach back equally far; in batches so one run never holds long locks.
 */
export async function prunePluginApiCalls(asOf = new Date()): Promise<number> {
  const days = env().WEBHOOK_DELIVERY_RETENTION_DAYS;
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw(Prisma.sql`
      delete from plugin_api_calls where id in (
        select id from plugin_api_calls where created_at < ${asOf}::timestamptz - make_interval(days => ${days}::int) limit 5000)`);
    total += deleted;
    if (deleted < 5000) return total;
  }
}
