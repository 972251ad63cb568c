// Five-field cron expressions (minute hour day-of-month month day-of-week) evaluated on the wall
// clock of an IANA time zone. Fields take `*`, numbers, ranges `a-b`, steps `*/n` and `a-b/n`,
// and comma lists; day-of-week 0 and 7 are Sunday. As in classic cron, when both day fields are
// restricted a day matches if either does. Local times a DST jump skips never fire; a repeated
// local hour fires once per matching instant.

export interface CronSpec {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  dayRestricted: boolean;
  weekdayRestricted: boolean;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

function parseField(text: string, min: number, max: number, name: string): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|\d+(?:-\d+)?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`Invalid ${name} field "${text}"`);
    let lo = min;
    let hi = max;
    if (m[1] !== '*') {
      const [a, b] = m[1].split('-').map(Number);
      lo = a;
      hi = b ?? (m[2] ? max : a);
    }
    const step = m[2] ? Number(m[2]) : 1;
    if (lo < min || hi > max || lo > hi || step < 1) throw new Error(`The ${name} field "${text}" is out of range ${min}-${max}`);
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

/** Parses an expression; throws an Error naming the bad field. */
export function parseCron(expression: string): CronSpec {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error('A cron expression has five fields: minute hour day-of-month month day-of-week');
  const [minutes, hours, days, months, weekdaysRaw] = parts.map((p, i) => parseField(p, FIELDS[i].min, FIELDS[i].max, FIELDS[i].name));
  const weekdays = new Set([...weekdaysRaw].map((d) => d % 7));
  return { minutes, hours, days, months, weekdays, dayRestricted: parts[2] !== '*', weekdayRestricted: parts[4] !== '*' };
}

export function cronError(expression: string): string | null {
  try {
    parseCron(expression);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(instant: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) parts[p.type] = p.value;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday);
  return { month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute), weekday };
}

function dayMatches(spec: CronSpec, day: number, weekday: number): boolean {
  const d = spec.days.has(day);
  const w = spec.weekdays.has(weekday);
  if (spec.dayRestricted && spec.weekdayRestricted) return d || w;
  return d && w;
}

const MINUTE = 60_000;

/**
 * The first instant strictly after `after` whose wall clock in `timeZone` matches, or null when
 * none falls within about four years (e.g. 30 February). Skips whole local days and hours that
 * cannot match, so a yearly expression takes a few thousand steps, not millions.
 */
export function nextCronRun(spec: CronSpec | string, after: Date, timeZone = 'UTC'): Date | null {
  const s = typeof spec === 'string' ? parseCron(spec) : spec;
  let t = Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE;
  const limit = t + 4 * 366 * 24 * 60 * MINUTE;
  while (t <= limit) {
    const w = wallClock(new Date(t), timeZone);
    if (!s.months.has(w.month) || !dayMatches(s, w.day, w.weekday)) {
      t += ((23 - w.hour) * 60 + (60 - w.minute)) * MINUTE;
      continue;
    }
    if (!s.hours.has(w.hour)) {
      t += (60 - w.minute) * MINUTE;
      continue;
    }
    if (s.minutes.has(w.minute)) return new Date(t);
    t += MINUTE;
  }
  return null;
}
