// The occurrences of a window's schedule that overlap [from, to): pure, so the API and the
// roll-forward task compute the same instants and the unique (window, scheduled start) key
// makes materializing them idempotent.
import type { Recurrence } from '@/lib/maintenance/schemas';
import { daysInMonth, fromLocal, toLocal } from '@/lib/maintenance/zoned-time';

export interface Schedule {
  startsAt: Date;
  durationMinutes: number;
  timezone: string;
  recurrence: Recurrence;
  daysOfWeek: number[];
  dayOfMonth: number | null;
  until: Date | null;
}

export interface PlannedOccurrence {
  startsAt: Date;
  endsAt: Date;
}

const DAY = 86_400_000;
/** A hard stop for one call (a daily window over 30 days needs 31). */
const MAX_PLANNED = 400;

function matchesDay(s: Schedule, first: ReturnType<typeof toLocal>, y: number, m: number, d: number): boolean {
  switch (s.recurrence) {
    case 'none':
      return false;
    case 'daily':
      return true;
    case 'weekly': {
      const days = s.daysOfWeek.length ? s.daysOfWeek : [first.weekday];
      return days.includes(new Date(Date.UTC(y, m - 1, d)).getUTCDay());
    }
    case 'monthly': {
      const wanted = s.dayOfMonth ?? first.day;
      return d === Math.min(wanted, daysInMonth(y, m));
    }
  }
}

export function planOccurrences(s: Schedule, from: Date, to: Date): PlannedOccurrence[] {
  const length = s.durationMinutes * 60_000;
  if (s.recurrence === 'none') {
    const endsAt = new Date(s.startsAt.getTime() + length);
    return endsAt > from && s.startsAt < to ? [{ startsAt: s.startsAt, endsAt }] : [];
  }
  const first = toLocal(s.startsAt, s.timezone);
  // Local times are whole minutes; the first start's seconds carry over to every occurrence.
  const subMinute = s.startsAt.getTime() % 60_000;
  // Walk local calendar days from the later of the first day and the day an occurrence
  // overlapping `from` could have started on.
  const earliest = Math.max(s.startsAt.getTime(), from.getTime() - length - DAY);
  const e = toLocal(new Date(earliest), s.timezone);
  const out: PlannedOccurrence[] = [];
  for (let cursor = Date.UTC(e.year, e.month - 1, e.day); out.length < MAX_PLANNED; cursor += DAY) {
    const day = new Date(cursor);
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const startsAt = new Date(fromLocal(y, m, d, first.hour, first.minute, s.timezone).getTime() + subMinute);
    if (startsAt >= to || (s.until && startsAt > s.until)) break;
    if (startsAt < s.startsAt || !matchesDay(s, first, y, m, d)) continue;
    const endsAt = new Date(startsAt.getTime() + length);
    if (endsAt > from) out.push({ startsAt, endsAt });
  }
  return out;
}
