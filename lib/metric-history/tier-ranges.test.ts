import { describe, expect, it } from 'vitest';
import { planTierRanges } from '@/lib/metric-history/tier-ranges';

const t = (iso: string) => new Date(`2026-11-${iso}Z`);
const iso = (ranges: [Date, Date][]) => ranges.map(([a, b]) => [a.toISOString().slice(8, 16), b.toISOString().slice(8, 16)]);
const plan = (...args: Parameters<typeof planTierRanges>) => {
  const p = planTierRanges(...args);
  return { buckets: iso(p.buckets), hourly: iso(p.hourly), daily: iso(p.daily) };
};
const marks = { hourly: t('20T10:00'), daily: t('20T00:00') };

describe('planTierRanges', () => {
  it('5m reads only the buckets; nothing rolled up yet reads only the buckets', () => {
    expect(plan(t('10T00:00'), t('20T12:00'), '5m', marks)).toEqual({ buckets: [['10T00:00', '20T12:00']], hourly: [], daily: [] });
    expect(plan(t('10T00:00'), t('20T12:00'), '1d', { hourly: null, daily: null })).toEqual({ buckets: [['10T00:00', '20T12:00']], hourly: [], daily: [] });
  });

  it('1h: whole rolled-up hours from the hourly tier, the partial first hour and the present from the buckets', () => {
    expect(plan(t('18T09:30'), t('20T12:00'), '1h', marks)).toEqual({
      buckets: [['18T09:30', '18T10:00'], ['20T10:00', '20T12:00']],
      hourly: [['18T10:00', '20T10:00']],
      daily: [],
    });
  });

  it('1d and summaries: whole rolled-up days from the daily tier, hours around them, the rest from the buckets', () => {
    expect(plan(t('17T09:30'), t('20T12:00'), '1d', marks)).toEqual({
      buckets: [['17T09:30', '17T10:00'], ['20T10:00', '20T12:00']],
      hourly: [['17T10:00', '18T00:00'], ['20T00:00', '20T10:00']],
      daily: [['18T00:00', '20T00:00']],
    });
  });

  it('a range inside one unrolled hour, or ending before the next whole period, stays in the finer tier', () => {
    expect(plan(t('18T09:10'), t('18T09:50'), '1d', marks)).toEqual({ buckets: [['18T09:10', '18T09:50']], hourly: [], daily: [] });
    expect(plan(t('18T09:00'), t('18T15:00'), '1d', marks)).toEqual({ buckets: [], hourly: [['18T09:00', '18T15:00']], daily: [] });
    expect(plan(t('21T00:00'), t('22T00:00'), '1d', marks)).toEqual({ buckets: [['21T00:00', '22T00:00']], hourly: [], daily: [] });
  });
});
