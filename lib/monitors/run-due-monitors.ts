// Worker sweep (every minute): claims due monitors (next_check_at moved forward in the same
// statement, FOR UPDATE SKIP LOCKED, so two workers never run one monitor twice) and runs
// their checks a few at a time.
import { db } from '@/lib/db';
import type { Monitor } from '@/lib/generated/prisma/client';
import { runCheck } from '@/lib/monitors/checks/run-check';
import { recordMonitorResult } from '@/lib/monitors/record-monitor-result';

const BATCH = 100;
const PARALLEL = 8;

export async function runDueMonitors(): Promise<number> {
  const claimed = await db.$queryRaw<{ id: string }[]>`
    update monitors m set next_check_at = now() + make_interval(secs => m.interval_seconds)
    where m.id in (select id from monitors where enabled and next_check_at <= now() order by next_check_at limit ${BATCH} for update skip locked)
    returning m.id`;
  if (!claimed.length) return 0;
  const monitors = await db.monitor.findMany({ where: { id: { in: claimed.map((c) => c.id) } } });
  let next = 0;
  const worker = async () => {
    while (next < monitors.length) {
      const m: Monitor = monitors[next++];
      const outcome = await runCheck(m);
      // Re-read: the count of consecutive failures may have moved (a manual check now).
      const fresh = await db.monitor.findUnique({ where: { id: m.id } });
      if (fresh) await recordMonitorResult(fresh, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, monitors.length) }, worker));
  return monitors.length;
}

export async function pruneMonitorResults(retentionDays: number): Promise<number> {
  return db.$executeRaw`delete from monitor_results where checked_at < now() - make_interval(days => ${retentionDays}::int)`;
}
