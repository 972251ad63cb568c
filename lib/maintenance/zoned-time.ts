// Wall-clock arithmetic in an IANA time zone with Intl only: an instant's local date and time,
// and the instant of a local date and time. Recurring maintenance keeps its local time across
// DST changes (02:00 every Sunday stays 02:00), so its UTC instants move by the offset change.

export interface LocalDateTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 (Sunday) to 6. */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    if (formats.size < 500) formats.set(timeZone, f);
  }
  return f;
}

/** The local date and time of `instant` in `timeZone` (seconds dropped). */
export function toLocal(instant: Date, timeZone: string): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const p of formatFor(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const weekday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, weekday };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const l = toLocal(new Date(instant), timeZone);
  const seconds = new Date(instant).getUTCSeconds();
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, seconds) - (instant - (instant % 1000));
}

/**
 * The instant a local date and time happens in `timeZone`. A time skipped by a spring-forward
 * gap resolves to the same distance past the gap (02:30 becomes 03:30); a time that happens
 * twice in the autumn takes its first (daylight-time) instance.
 */
export function fromLocal(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  const before = naive - offsetAt(naive - 86_400_000, timeZone);
  const after = naive - offsetAt(naive + 86_400_000, timeZone);
  const maps = (t: number) => {
    const l = toLocal(new Date(t), timeZone);
    return l.year === year && l.month === month && l.day === day && l.hour === hour && l.minute === minute;
  };
  const valid = [before, after].filter(maps);
  if (valid.length) return new Date(Math.min(...valid));
  // In a gap: the offset before the change puts it past the gap by the same distance.
  return new Date(before);
}
