// The hourly roll-forward: every active recurring window whose occurrences end less than a day
// short of the MATERIALIZE_DAYS horizon gets the next ones. Idempotent (see
// materializeOccurrences), so overlapping runs on several worker processes only repeat work.
import { db } from '@/lib/db';
import { MATERIALIZE_DAYS } from '@/lib/maintenance/schemas';
import { materializeOccurrences } from '@/lib/maintenance/materialize-occurrences';

const BATCH = 200;

export async function rollForwardOccurrences(now = new Date()): Promise<{ windows: number; occurrences: number }> {
  const due = new Date(now.getTime() + (MATERIALIZE_DAYS - 1) * 86_400_000);
  let windows = 0;
  let occurrences = 0;
  for (;;) {
    const batch = await db.maintenanceWindow.findMany({
      where: {
        status: 'active',
        recurrence: { not: 'none' },
        OR: [{ materializedUntil: null }, { materializedUntil: { lt: due } }],
        AND: [{ OR: [{ until: null }, { until: { gt: now } }] }],
      },
      orderBy: { id: 'asc' },
      take: BATCH,
    });
    for (const window of batch) {
      occurrences += await materializeOccurrences(db, window, now);
      windows += 1;
    }
    // Each window processed moved its horizon past `due`, so the next query skips it.
    if (batch.length < BATCH) return { windows, occurrences };
  }
}
