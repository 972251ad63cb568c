import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, effectiveRetryPolicy, nextRetryDelayMs, retryDelayMs } from '@/lib/webhooks/retry-policy';

describe('retry policy', () => {
  it('defaults to 1, 2, 4, 8, 16 s and then gives up', () => {
    expect([0, 1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect([1, 2, 3, 4, 5, 6].map((a) => nextRetryDelayMs(a, DEFAULT_RETRY_POLICY))).toEqual([1000, 2000, 4000, 8000, 16000, null]);
  });

  it('caps the delay at maxDelayMs', () => {
    expect(retryDelayMs(20)).toBe(300_000);
    expect(retryDelayMs(3, { ...DEFAULT_RETRY_POLICY, maxDelayMs: 5_000 })).toBe(5_000);
  });

  it('honours a stored override and falls back per field when a value is unusable', () => {
    expect(effectiveRetryPolicy(null)).toEqual(DEFAULT_RETRY_POLICY);
    expect(effectiveRetryPolicy({ maxRetries: 2, initialDelayMs: 500, backoffMultiplier: 3, maxDelayMs: 4000 })).toEqual({
      maxRetries: 2,
      initialDelayMs: 500,
      backoffMultiplier: 3,
      maxDelayMs: 4000,
    });
    expect(effectiveRetryPolicy({ maxRetries: -1, initialDelayMs: 'soon', backoffMultiplier: 3 })).toEqual({ ...DEFAULT_RETRY_POLICY, backoffMultiplier: 3 });
    expect(effectiveRetryPolicy([1, 2])).toEqual(DEFAULT_RETRY_POLICY);
    const p = effectiveRetryPolicy({ maxRetries: 0 });
    expect(nextRetryDelayMs(1, p)).toBeNull();
  });
});
