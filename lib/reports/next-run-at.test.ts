import { describe, expect, it } from 'vitest';
import { nextRunAt } from '@/lib/reports/next-run-at';

describe('nextRunAt', () => {
  it('runs daily at the local time of the zone, later today or tomorrow', () => {
    const after = new Date('2026-11-27T06:00:00Z'); // 07:00 in Berlin
    expect(nextRunAt('daily', { time: '08:00' }, 'Europe/Berlin', after).toISOString()).toBe('2026-11-27T07:00:00.000Z');
    expect(nextRunAt('daily', { time: '06:30' }, 'Europe/Berlin', after).toISOString()).toBe('2026-11-28T05:30:00.000Z');
  });

  it('runs weekly on the named weekday', () => {
    // 2026-11-27 is a Friday.
    const after = new Date('2026-11-27T12:00:00Z');
    expect(nextRunAt('weekly', { time: '09:00', day: 'monday' }, 'America/New_York', after).toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(nextRunAt('weekly', { time: '23:00', day: 'friday' }, 'UTC', after).toISOString()).toBe('2026-11-27T23:00:00.000Z');
  });

  it('runs monthly on the date, or the last day of a shorter month', () => {
    const after = new Date('2027-01-31T12:00:00Z');
    expect(nextRunAt('monthly', { time: '07:00', date: 31 }, 'UTC', after).toISOString()).toBe('2027-02-28T07:00:00.000Z');
    expect(nextRunAt('monthly', { time: '07:00', date: 1 }, 'Asia/Tokyo', after).toISOString()).toBe('2027-01-31T22:00:00.000Z');
  });

  it('keeps the wall-clock time across a DST change', () => {
    // Berlin leaves summer time on 2026-10-25.
    const before = nextRunAt('daily', { time: '08:00' }, 'Europe/Berlin', new Date('2026-10-23T07:00:00Z'));
    const after = nextRunAt('daily', { time: '08:00' }, 'Europe/Berlin', before);
    expect(before.toISOString()).toBe('2026-10-24T06:00:00.000Z');
    expect(after.toISOString()).toBe('2026-10-25T07:00:00.000Z');
  });
});
