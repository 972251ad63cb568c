import { describe, expect, it } from 'vitest';
import { billingPeriod } from '@/lib/billing/billing-period';

const d = (s: string) => new Date(`${s}T00:00:00Z`);
const day = (x: Date) => x.toISOString().slice(0, 10);

describe('billing periods', () => {
  it('runs monthly on the start date’s anniversary, clamped to short months', () => {
    const start = d('2026-01-31');
    let p = billingPeriod(start, start, null);
    expect([day(p.start), day(p.end), day(p.next)]).toEqual(['2026-01-31', '2026-02-27', '2026-02-28']);
    p = billingPeriod(start, p.next, null);
    expect([day(p.start), day(p.end), day(p.next)]).toEqual(['2026-02-28', '2026-03-30', '2026-03-31']);
    p = billingPeriod(start, p.next, null);
    expect([day(p.end), day(p.next)]).toEqual(['2026-04-29', '2026-04-30']);
  });

  it('ends the last period at the end date', () => {
    const p = billingPeriod(d('2026-01-15'), d('2026-03-15'), d('2026-03-31'));
    expect([day(p.end), day(p.next)]).toEqual(['2026-03-31', '2026-04-15']);
  });
});
