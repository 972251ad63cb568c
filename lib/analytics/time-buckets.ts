// UTC time buckets of the analytics grammar, as PostgreSQL's date_trunc cuts them (weeks start
// on Monday). Pure: the metric grouping and the console's chart axes both use it.
import type { TimeBucket } from '@/lib/analytics/query-schemas';

/** Start of the UTC bucket holding `at`. */
export function bucketStart(at: Date, bucket: TimeBucket): Date {
  const d = new Date(at);
  if (bucket === 'hour') d.setUTCMinutes(0, 0, 0);
  else d.setUTCHours(0, 0, 0, 0);
  if (bucket === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (bucket === 'month') d.setUTCDate(1);
  return d;
}

function nextBucket(d: Date, bucket: TimeBucket): Date {
  const n = new Date(d);
  if (bucket === 'hour') n.setUTCHours(n.getUTCHours() + 1);
  else if (bucket === 'day') n.setUTCDate(n.getUTCDate() + 1);
  else if (bucket === 'week') n.setUTCDate(n.getUTCDate() + 7);
  else n.setUTCMonth(n.getUTCMonth() + 1);
  return n;
}

/** Every bucket overlapping [from, to), oldest first (at most `max`). */
export function bucketsBetween(from: Date, to: Date, bucket: TimeBucket, max = 1000): Date[] {
  const out: Date[] = [];
  for (let t = bucketStart(from, bucket); t < to && out.length < max; t = nextBucket(t, bucket)) out.push(t);
  return out;
}
