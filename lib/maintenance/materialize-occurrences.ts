// Writes a window's planned occurrences up to MATERIALIZE_DAYS ahead. Idempotent: the unique
// (window, scheduled start) key skips what exists, so the API (on create and schedule edits)
// and any number of worker processes can run it for the same window at once. A rule rarer than
// the horizon (a monthly "second Tuesday" seen from the day after one, a yearly rule) or a
// one-off window months ahead still gets its next occurrence written, so a window always shows
// when it happens next.
import type { DbOrTx } from '@/lib/db';
import type { MaintenanceWindow } from '@/lib/generated/prisma/client';
import { MATERIALIZE_DAYS } from '@/lib/maintenance/schemas';
import { planOccurrences } from '@/lib/maintenance/plan-occurrences';

/** How far past the horizon the next occurrence of a rare rule is looked for. */
const LOOK_AHEAD_DAYS = 2 * 366;

export async function materializeOccurrences(client: DbOrTx, window: MaintenanceWindow, now = new Date()): Promise<number> {
  if (window.status !== 'active') return 0;
  let horizon = new Date(now.getTime() + MATERIALIZE_DAYS * 86_400_000);
  // Resume where the last run stopped; never re-plan what already ended.
  const from = window.materializedUntil && window.materializedUntil > now ? window.materializedUntil : now;
  const planned = planOccurrences(window, from, horizon);
  if (planned.length === 0 && from < horizon) {
    const [next] = planOccurrences(window, horizon, new Date(horizon.getTime() + LOOK_AHEAD_DAYS * 86_400_000));
    if (next) {
      planned.push(next);
      horizon = new Date(next.startsAt.getTime() + 1);
    }
  }
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
