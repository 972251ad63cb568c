import { describe, expect, it } from 'vitest';
import { cronError, nextCronRun, parseCron } from '@/lib/automations/cron';

const at = (iso: string) => new Date(iso);

describe('parseCron', () => {
  it('expands lists, ranges and steps', () => {
    const s = parseCron('*/15 9-17/4 1,15 * 1-5');
    expect([...s.minutes]).toEqual([0, 15, 30, 45]);
    expect([...s.hours]).toEqual([9, 13, 17]);
    expect([...s.days]).toEqual([1, 15]);
    expect([...s.weekdays]).toEqual([1, 2, 3, 4, 5]);
  });
  it('treats day-of-week 7 as Sunday', () => {
    expect([...parseCron('0 0 * * 7').weekdays]).toEqual([0]);
  });
  it('refuses malformed and out-of-range fields', () => {
    expect(cronError('* * * *')).toMatch(/five fields/);
    expect(cronError('60 * * * *')).toMatch(/minute/);
    expect(cronError('* 24 * * *')).toMatch(/hour/);
    expect(cronError('* * 0 * *')).toMatch(/day of month/);
    expect(cronError('* * * 13 *')).toMatch(/month/);
    expect(cronError('a * * * *')).toMatch(/minute/);
    expect(cronError('5-1 * * * *')).toMatch(/minute/);
    expect(cronError('*/0 * * * *')).toMatch(/minute/);
    expect(cronError('0 3 * * *')).toBeNull();
  });
});

describe('nextCronRun', () => {
  it('finds the next minute strictly after the instant', () => {
    expect(nextCronRun('* * * * *', at('2026-01-01T10:00:00Z'))).toEqual(at('2026-01-01T10:01:00Z'));
    expect(nextCronRun('* * * * *', at('2026-01-01T10:00:30Z'))).toEqual(at('2026-01-01T10:01:00Z'));
  });
  it('rolls over hours, days, months and years', () => {
    expect(nextCronRun('30 2 * * *', at('2026-01-01T03:00:00Z'))).toEqual(at('2026-01-02T02:30:00Z'));
    expect(nextCronRun('0 0 1 * *', at('2026-01-31T12:00:00Z'))).toEqual(at('2026-02-01T00:00:00Z'));
    expect(nextCronRun('0 0 1 1 *', at('2026-06-01T00:00:00Z'))).toEqual(at('2027-01-01T00:00:00Z'));
  });
  it('evaluates the wall clock of the time zone', () => {
    // 09:00 in Berlin is 08:00 UTC in winter and 07:00 UTC in summer.
    expect(nextCronRun('0 9 * * *', at('2026-01-10T12:00:00Z'), 'Europe/Berlin')).toEqual(at('2026-01-11T08:00:00Z'));
    expect(nextCronRun('0 9 * * *', at('2026-07-10T12:00:00Z'), 'Europe/Berlin')).toEqual(at('2026-07-11T07:00:00Z'));
    // Half-hour offsets: 08:00 in Kolkata is 02:30 UTC.
    expect(nextCronRun('0 8 * * *', at('2026-03-01T00:00:00Z'), 'Asia/Kolkata')).toEqual(at('2026-03-01T02:30:00Z'));
  });
  it('skips the local time a spring-forward jump removes', () => {
    // 2026-03-29 02:30 does not exist in Berlin: the next 02:30 is on the 30th (00:30 UTC).
    expect(nextCronRun('30 2 * * *', at('2026-03-28T12:00:00Z'), 'Europe/Berlin')).toEqual(at('2026-03-30T00:30:00Z'));
  });
  it('matches weekdays, and either day field when both are restricted', () => {
    // 2026-01-01 is a Thursday: the next Monday is the 5th.
    expect(nextCronRun('0 6 * * 1', at('2026-01-01T00:00:00Z'))).toEqual(at('2026-01-05T06:00:00Z'));
    expect(nextCronRun('0 6 10 * 1', at('2026-01-01T00:00:00Z'))).toEqual(at('2026-01-05T06:00:00Z'));
  });
  it('answers null for a date that never comes', () => {
    expect(nextCronRun('0 0 30 2 *', at('2026-01-01T00:00:00Z'))).toBeNull();
  });
});
