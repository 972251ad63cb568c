// Writes a window's planned occurrences up to MATERIALIZE_DAYS ahead. Idempotent: the unique
// (window, scheduled start) key skips what exists, so the API (on create and schedule edits)
// and any number of worker processes can run it for the same window at once.
import type { DbOrTx } from '@/lib/db';
import type { MaintenanceWindow } from '@/lib/generated/prisma/client';
import { MATERIALIZE_DAYS } from '@/lib/maintenance/schemas';
import { planOccurrences } from '@/lib/maintenance/plan-occurrences';

export async function materializeOccurrences(client: DbOrTx, window: MaintenanceWindow, now = new Date()): Promise<number> {
  if (window.status !== 'active') return 0;
  const horizon = new Date(now.getTime() + MATERIALIZE_DAYS * 86_400_000);
  // Resume where the last run stopped; never re-plan what already ended.
  const from = window.materializedUntil && window.materializedUntil > now ? window.materializedUntil : now;
  const planned = planOccurrences(window, from, horizon);
  const created = planned.length
    ? await client.maintenanceOccurrence.createMany({
        data: planned.map((p) => ({
          windowId: window.id,
          partnerId: window.partnerId,
          orgId: window.orgId,
          scheduledStartsAt: p.startsAt,
          scheduledEndsAt: p.endsAt,
          startsAt: p.startsAt,
          endsAt: p.endsAt,
        })),
        skipDuplicates: true,
      })
    : { count: 0 };
  await client.maintenanceWindow.updateMany({
    where: { id: window.id, OR: [{ materializedUntil: null }, { materializedUntil: { lt: horizon } }] },
    data: { materializedUntil: horizon },
  });
  return created.count;
}
