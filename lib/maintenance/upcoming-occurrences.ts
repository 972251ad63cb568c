import { db } from '@/lib/db';

/** Current and future occurrences of these windows, for their current/next summary (one query). */
export function upcomingOccurrences(windowIds: string[], now = new Date()) {
  if (windowIds.length === 0) return Promise.resolve([]);
  return db.maintenanceOccurrence.findMany({
    where: { windowId: { in: windowIds }, cancelledAt: null, endsAt: { gt: now } },
    orderBy: { startsAt: 'asc' },
    // At most a month of daily occurrences per window is materialized ahead.
    take: windowIds.length * 40,
  });
}
