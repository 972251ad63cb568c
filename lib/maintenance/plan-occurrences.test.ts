import { describe, expect, it } from 'vitest';
import { planOccurrences, type Schedule } from '@/lib/maintenance/plan-occurrences';
import { fromLocal, toLocal } from '@/lib/maintenance/zoned-time';
import { normalizeRrule, rruleIssues, ruleText } from '@/lib/maintenance/rrule';

const base = (over: Partial<Schedule>): Schedule => ({
  startsAt: new Date('2026-03-01T01:00:00Z'),
  durationMinutes: 60,
  timezone: 'Europe/Berlin',
  recurrence: 'daily',
  daysOfWeek: [],
  dayOfMonth: null,
  rrule: null,
  until: null,
  ...over,
});
const iso = (xs: { startsAt: Date }[]) => xs.map((x) => x.startsAt.toISOString());

describe('fromLocal', () => {
  it('maps wall-clock times to instants on both sides of a DST change', () => {
    expect(fromLocal(2026, 3, 28, 2, 0, 'Europe/Berlin').toISOString()).toBe('2026-03-28T01:00:00.000Z');
    expect(fromLocal(2026, 3, 30, 2, 0, 'Europe/Berlin').toISOString()).toBe('2026-03-30T00:00:00.000Z');
    expect(fromLocal(2026, 10, 25, 3, 0, 'Europe/Berlin').toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });
  it('moves a time skipped by spring-forward past the gap, and takes the first of a repeated time', () => {
    expect(fromLocal(2026, 3, 29, 2, 30, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(fromLocal(2026, 10, 25, 2, 30, 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
  it('round-trips through toLocal', () => {
    const l = toLocal(fromLocal(2026, 7, 4, 23, 15, 'America/New_York'), 'America/New_York');
    expect([l.year, l.month, l.day, l.hour, l.minute, l.weekday]).toEqual([2026, 7, 4, 23, 15, 6]);
  });
});

describe('planOccurrences', () => {
  it('keeps the local start time of a daily window across the spring DST change', () => {
    const s = base({ startsAt: new Date('2026-03-27T01:00:00Z') }); // 02:00 Berlin (CET)
    const got = iso(planOccurrences(s, new Date('2026-03-27T00:00:00Z'), new Date('2026-03-31T00:00:00Z')));
    expect(got).toEqual(['2026-03-27T01:00:00.000Z', '2026-03-28T01:00:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T00:00:00.000Z']);
  });
  it('picks the weekdays of a weekly window', () => {
    const s = base({ recurrence: 'weekly', daysOfWeek: [1, 3], timezone: 'UTC', startsAt: new Date('2026-06-01T22:00:00Z') }); // a Monday
    expect(iso(planOccurrences(s, new Date('2026-06-01T00:00:00Z'), new Date('2026-06-15T00:00:00Z')))).toEqual([
      '2026-06-01T22:00:00.000Z', '2026-06-03T22:00:00.000Z', '2026-06-08T22:00:00.000Z', '2026-06-10T22:00:00.000Z',
    ]);
  });
  it('uses the last day of short months for a monthly window on the 31st, and stops at until', () => {
    const s = base({ recurrence: 'monthly', dayOfMonth: 31, timezone: 'UTC', startsAt: new Date('2026-01-31T03:00:00Z'), until: new Date('2026-05-01T00:00:00Z') });
    expect(iso(planOccurrences(s, new Date('2026-01-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z')))).toEqual([
      '2026-01-31T03:00:00.000Z', '2026-02-28T03:00:00.000Z', '2026-03-31T03:00:00.000Z', '2026-04-30T03:00:00.000Z',
    ]);
  });
  it('includes an occurrence in progress at `from` and nothing that ended before', () => {
    const s = base({ timezone: 'UTC', startsAt: new Date('2026-05-01T10:00:00Z'), durationMinutes: 120 });
    expect(iso(planOccurrences(s, new Date('2026-05-03T11:00:00Z'), new Date('2026-05-04T00:00:00Z')))).toEqual(['2026-05-03T10:00:00.000Z']);
  });
  it('plans a one-off window once', () => {
    const s = base({ recurrence: 'none', startsAt: new Date('2026-05-01T10:00:00Z') });
    expect(planOccurrences(s, new Date('2026-04-01T00:00:00Z'), new Date('2026-04-02T00:00:00Z'))).toEqual([]);
    expect(iso(planOccurrences(s, new Date('2026-04-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z')))).toEqual(['2026-05-01T10:00:00.000Z']);
  });
});

describe('RFC 5545 rules', () => {
  it('plans the second Tuesday of each month at 22:00 New York time, across the November DST change', () => {
    const s = base({ recurrence: 'rrule', rrule: 'FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2', timezone: 'America/New_York', startsAt: new Date('2026-09-09T02:00:00Z') }); // Tue 8 Sep 22:00 EDT
    expect(iso(planOccurrences(s, new Date('2026-09-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')))).toEqual([
      '2026-09-09T02:00:00.000Z',
      '2026-10-14T02:00:00.000Z', // Tue 13 Oct 22:00 EDT
      '2026-11-11T03:00:00.000Z', // Tue 10 Nov 22:00 EST: an hour later in UTC
      '2026-12-09T03:00:00.000Z',
    ]);
  });
  it('honours INTERVAL and COUNT, and until as a hard stop', () => {
    const every2 = base({ recurrence: 'rrule', rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA', timezone: 'UTC', startsAt: new Date('2026-06-06T23:00:00Z') });
    expect(iso(planOccurrences(every2, new Date('2026-06-01T00:00:00Z'), new Date('2026-07-10T00:00:00Z')))).toEqual([
      '2026-06-06T23:00:00.000Z', '2026-06-20T23:00:00.000Z', '2026-07-04T23:00:00.000Z',
    ]);
    const thrice = base({ recurrence: 'rrule', rrule: 'FREQ=DAILY;COUNT=3', timezone: 'UTC', startsAt: new Date('2026-06-01T01:00:00Z') });
    expect(planOccurrences(thrice, new Date('2026-05-01T00:00:00Z'), new Date('2026-08-01T00:00:00Z'))).toHaveLength(3);
    const stopped = base({ recurrence: 'rrule', rrule: 'FREQ=DAILY', timezone: 'UTC', startsAt: new Date('2026-06-01T01:00:00Z'), until: new Date('2026-06-03T00:00:00Z') });
    expect(planOccurrences(stopped, new Date('2026-05-01T00:00:00Z'), new Date('2026-08-01T00:00:00Z'))).toHaveLength(2);
  });
  it('writes the presets as rules', () => {
    expect(ruleText({ recurrence: 'weekly', daysOfWeek: [3, 1], dayOfMonth: null, rrule: null })).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
    expect(ruleText({ recurrence: 'monthly', daysOfWeek: [], dayOfMonth: 15, rrule: null })).toBe('FREQ=MONTHLY;BYMONTHDAY=15');
    expect(ruleText({ recurrence: 'none', daysOfWeek: [], dayOfMonth: null, rrule: null })).toBeNull();
  });
  it('refuses what a window cannot use and parts the library would silently drop', () => {
    expect(rruleIssues('FREQ=WEEKLY;BYDAY=MO,WE')).toEqual([]);
    expect(rruleIssues('RRULE:freq=monthly;byday=-1fr')).toEqual([]);
    expect(normalizeRrule('RRULE:freq=monthly;byday=-1fr')).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(rruleIssues('FREQ=BOGUS')[0]).toMatch(/FREQ=BOGUS is not valid/);
    expect(rruleIssues('FREQ=WEEKLY;BYDAY=XX')[0]).toMatch(/BYDAY=XX/);
    expect(rruleIssues('FREQ=HOURLY')[0]).toMatch(/FREQ=HOURLY/);
    expect(rruleIssues('BYDAY=MO')).toContain('FREQ is required (DAILY, WEEKLY, MONTHLY or YEARLY)');
    expect(rruleIssues('FREQ=DAILY;UNTIL=20270101T000000Z')[0]).toMatch(/UNTIL is not allowed/);
    expect(rruleIssues('FREQ=DAILY;BYHOUR=3')[0]).toMatch(/BYHOUR is not allowed/);
    expect(rruleIssues('FREQ=DAILY;FREQ=WEEKLY')[0]).toMatch(/twice/);
    expect(rruleIssues('FREQ=DAILY;INTERVAL=0')[0]).toMatch(/INTERVAL/);
    expect(rruleIssues('')).toHaveLength(1);
  });
});
