// RFC 5545 recurrence rules for maintenance windows, expanded by the `rrule` library.
//
// Every recurring window has a rule: the presets (daily, weekly, monthly) are written as one,
// and `recurrence: 'rrule'` takes a rule from the caller ("second Tuesday of every month" is
// FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2). The library is lenient (an unknown FREQ parses to an
// empty rule), so a caller's rule is checked here first against the parts a window may use:
// the first occurrence's start is DTSTART, `until` is the window's own field, and the time of
// day is the start's, so DTSTART, TZID, UNTIL and BYHOUR/BYMINUTE/BYSECOND are refused.
//
// Rules expand in floating local time (a UTC-labelled wall clock); the planner turns each local
// start into an instant in the window's time zone, so 02:00 stays 02:00 across DST changes.
import * as rrulePackage from 'rrule';

// Node's ESM loader sees the package's CommonJS build (named exports under `default`); bundlers
// and vitest see its ES module build (named exports). Both shapes carry the same classes.
const lib = ((rrulePackage as { RRule?: unknown }).RRule ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default) as typeof rrulePackage;
const { RRule } = lib;
export type RRuleInstance = InstanceType<typeof RRule>;

export const MAX_RRULE_LENGTH = 500;
const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

const intList = (min: number, max: number, nonZero = false) => (v: string) =>
  v.split(',').every((x) => /^[+-]?\d{1,3}$/.test(x) && Number(x) >= min && Number(x) <= max && (!nonZero || Number(x) !== 0));

const PARTS: Record<string, { check: (v: string) => boolean; hint: string }> = {
  FREQ: { check: (v) => (FREQS as readonly string[]).includes(v), hint: `one of ${FREQS.join(', ')}` },
  INTERVAL: { check: (v) => /^\d{1,3}$/.test(v) && Number(v) >= 1, hint: '1 to 999' },
  COUNT: { check: (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= 1000, hint: '1 to 1000' },
  BYDAY: { check: (v) => v.split(',').every((d) => /^([+-]?([1-9]|[1-4]\d|5[0-3]))?(SU|MO|TU|WE|TH|FR|SA)$/.test(d)), hint: 'days such as MO,WE or 2TU or -1FR' },
  BYMONTHDAY: { check: intList(-31, 31, true), hint: '-31 to 31, not 0' },
  BYMONTH: { check: intList(1, 12), hint: '1 to 12' },
  BYYEARDAY: { check: intList(-366, 366, true), hint: '-366 to 366, not 0' },
  BYWEEKNO: { check: intList(-53, 53, true), hint: '-53 to 53, not 0' },
  BYSETPOS: { check: intList(-366, 366, true), hint: '-366 to 366, not 0' },
  WKST: { check: (v) => (DAY_CODES as readonly string[]).includes(v), hint: 'a day code such as MO' },
};
const REFUSED: Record<string, string> = {
  DTSTART: 'The first occurrence is startsAt',
  TZID: 'The time zone is the window’s timezone',
  UNTIL: 'Use the window’s until field',
  BYHOUR: 'The time of day is the time of startsAt',
  BYMINUTE: 'The time of day is the time of startsAt',
  BYSECOND: 'The time of day is the time of startsAt',
};

/** Problems with a caller's rule; empty when the rule is usable. */
export function rruleIssues(input: string): string[] {
  const text = input.trim().replace(/^RRULE:/i, '');
  if (!text) return ['Give a rule such as FREQ=WEEKLY;BYDAY=MO'];
  if (text.length > MAX_RRULE_LENGTH) return [`A rule is at most ${MAX_RRULE_LENGTH} characters`];
  const issues: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim().toUpperCase();
    const value = eq < 0 ? '' : part.slice(eq + 1).trim().toUpperCase();
    if (seen.has(key)) issues.push(`${key} is given twice`);
    seen.add(key);
    if (REFUSED[key]) issues.push(`${key} is not allowed here: ${REFUSED[key]}`);
    else if (!PARTS[key]) issues.push(`Unknown rule part "${key || part}"`);
    else if (!PARTS[key].check(value)) issues.push(`${key}=${value} is not valid: ${PARTS[key].hint}`);
  }
  if (!seen.has('FREQ')) issues.push('FREQ is required (DAILY, WEEKLY, MONTHLY or YEARLY)');
  return issues;
}

/** The canonical text of a valid rule (upper case, no RRULE: prefix), as stored. */
export function normalizeRrule(input: string): string {
  return input
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')
    .map((p) => p.trim().toUpperCase())
    .join(';');
}

export interface RecurrenceShape {
  recurrence: 'none' | 'daily' | 'weekly' | 'monthly' | 'rrule';
  daysOfWeek: number[];
  dayOfMonth: number | null;
  rrule: string | null;
}

/** The rule of a recurring window (null for a one-off), presets included. */
export function ruleText(s: RecurrenceShape): string | null {
  switch (s.recurrence) {
    case 'none':
      return null;
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekly':
      return s.daysOfWeek.length ? `FREQ=WEEKLY;BYDAY=${[...s.daysOfWeek].sort((a, b) => a - b).map((d) => DAY_CODES[d]).join(',')}` : 'FREQ=WEEKLY';
    case 'monthly': {
      // Months without the day use their last one: the first of {day, last day} in each month.
      const day = s.dayOfMonth ?? 1;
      return day <= 28 ? `FREQ=MONTHLY;BYMONTHDAY=${day}` : `FREQ=MONTHLY;BYMONTHDAY=${day},-1;BYSETPOS=1`;
    }
    case 'rrule':
      return s.rrule;
  }
}

/** The rule expanded from `localStart`, a wall-clock time written as a UTC date. */
export function buildRule(text: string, localStart: Date): RRuleInstance {
  return new RRule({ ...RRule.parseString(text), dtstart: localStart, tzid: null, until: null });
}

/** A short English reading of a rule ("every month on Tuesday"), for audit details and hints. */
export function describeRule(text: string): string {
  return new RRule(RRule.parseString(text)).toText();
}
