import { describe, expect, it } from 'vitest';
import { planOccurrences, type Schedule } from '@/lib/maintenance/plan-occurrences';
import { fromLocal, toLocal } from '@/lib/maintenance/zoned-time';

const base = (over: Partial<Schedule>): Schedule => ({
  startsAt: new Date('2026-03-01T01:00:00Z'),
  durationMinutes: 60,
  timezone: 'Europe/Berlin',
  recurrence: 'daily',
  daysOfWeek: [],
  dayOfMonth: null,
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
