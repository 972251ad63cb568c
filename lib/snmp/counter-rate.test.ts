import { describe, expect, it } from 'vitest';
import { counterRate } from '@/lib/snmp/counter-rate';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describe('counterRate', () => {
  it('is the increase per second between polls', () => {
    expect(counterRate({ raw: 1000n, at: at(0) }, { raw: 7000n, at: at(60) })).toBe(100);
  });
  it('handles Counter64 values beyond 2^53 without losing the difference', () => {
    const base = 2n ** 60n;
    expect(counterRate({ raw: base, at: at(0) }, { raw: base + 500n, at: at(5) })).toBe(100);
  });
  it('skips the first poll, a wrap or reset, and a non-positive interval', () => {
    expect(counterRate(null, { raw: 1n, at: at(0) })).toBeNull();
    expect(counterRate({ raw: 10n, at: at(0) }, { raw: 5n, at: at(60) })).toBeNull();
    expect(counterRate({ raw: 10n, at: at(60) }, { raw: 20n, at: at(60) })).toBeNull();
  });
});
