// The occurrences of a window's schedule that overlap [from, to): pure, so the API and the
// roll-forward task compute the same instants and the unique (window, scheduled start) key
// makes materializing them idempotent.
import type { Recurrence } from '@/lib/maintenance/schemas';
import { buildRule, ruleText } from '@/lib/maintenance/rrule';
import { fromLocal, toLocal } from '@/lib/maintenance/zoned-time';

export interface Schedule {
  startsAt: Date;
  durationMinutes: number;
  timezone: string;
  recurrence: Recurrence;
  daysOfWeek: number[];
  dayOfMonth: number | null;
  /** The caller's RFC 5545 rule of a `recurrence: 'rrule'` window. */
  rrule: string | null;
  until: Date | null;
}

export interface PlannedOccurrence {
  startsAt: Date;
  endsAt: Date;
}

const DAY = 86_400_000;
/** A hard stop for one call (a daily window over 30 days needs 31). */
const MAX_PLANNED = 400;

export function planOccurrences(s: Schedule, from: Date, to: Date): PlannedOccurrence[] {
  const length = s.durationMinutes * 60_000;
  const text = ruleText(s);
  if (!text) {
    const endsAt = new Date(s.startsAt.getTime() + length);
    return endsAt > from && s.startsAt < to ? [{ startsAt: s.startsAt, endsAt }] : [];
  }
  const first = toLocal(s.startsAt, s.timezone);
  // Local times are whole minutes; the first start's seconds carry over to every occurrence.
  const subMinute = s.startsAt.getTime() % 60_000;
  const rule = buildRule(text, new Date(Date.UTC(first.year, first.month - 1, first.day, first.hour, first.minute)));
  // The rule runs on wall-clock times labelled UTC; a day either side covers any zone offset.
  const localFrom = new Date(from.getTime() - length - DAY);
  const localTo = new Date(to.getTime() + DAY);
  const out: PlannedOccurrence[] = [];
  for (const local of rule.between(localFrom, localTo, true, (_d, i) => i < MAX_PLANNED * 2)) {
    const wall = fromLocal(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes(), s.timezone);
    const startsAt = new Date(wall.getTime() + subMinute);
    if (startsAt >= to || (s.until && startsAt > s.until)) break;
    if (startsAt < s.startsAt) continue;
    const endsAt = new Date(startsAt.getTime() + length);
    if (endsAt > from) out.push({ startsAt, endsAt });
    if (out.length >= MAX_PLANNED) break;
  }
  return out;
}
