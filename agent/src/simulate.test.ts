import { describe, expect, it } from 'vitest';
import { Histogram } from './simulate';

describe('latency histogram', () => {
  it('reports percentiles at 0.1 ms resolution in constant memory', () => {
    const h = new Histogram();
    for (let i = 1; i <= 1000; i++) h.record(i / 10); // 0.1 … 100 ms
    expect(h.count).toBe(1000);
    expect(h.percentile(50)).toBe(50);
    expect(h.percentile(99)).toBe(99);
    expect(h.percentile(100)).toBe(100);
    expect(h.max).toBe(100);
    h.record(120_000); // beyond the range: counted in the last bucket
    expect(h.percentile(100)).toBe(60_000);
    expect(h.max).toBe(120_000);
    expect(new Histogram().percentile(99)).toBe(0);
  });
});
