// Delivery retries (doc 2): delay before retry n (from 0) is min(initialDelay · multiplier^n,
// maxDelay) — 1, 2, 4, 8, 16 s by default, 5 retries. A per-webhook override may be stored in
// the database (never through the API); each field falls back to the default when unusable.
import { z } from 'zod';

export interface RetryPolicy {
  maxRetries: number;
  initialDelayMs: number;
  backoffMultiplier: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 5, initialDelayMs: 1_000, backoffMultiplier: 2, maxDelayMs: 300_000 };

const DAY_MS = 86_400_000;
const field = <T extends z.ZodType>(schema: T, fallback: z.output<T>) => schema.optional().catch(undefined).transform((v) => v ?? fallback);

const ZStoredRetryPolicy = z.object({
  maxRetries: field(z.number().int().min(0).max(50), DEFAULT_RETRY_POLICY.maxRetries),
  initialDelayMs: field(z.number().int().min(0).max(DAY_MS), DEFAULT_RETRY_POLICY.initialDelayMs),
  backoffMultiplier: field(z.number().min(1).max(100), DEFAULT_RETRY_POLICY.backoffMultiplier),
  maxDelayMs: field(z.number().int().min(0).max(DAY_MS), DEFAULT_RETRY_POLICY.maxDelayMs),
});

/** The effective policy of a webhook from its stored (possibly null or hand-edited) override. */
export function effectiveRetryPolicy(stored: unknown): RetryPolicy {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return DEFAULT_RETRY_POLICY;
  return ZStoredRetryPolicy.parse(stored);
}

export function retryDelayMs(retryIndex: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  return Math.round(Math.min(policy.initialDelayMs * policy.backoffMultiplier ** retryIndex, policy.maxDelayMs));
}

/** After attempt number `attempt` (1-based) failed: the delay before the next one, or null when retries are exhausted. */
export function nextRetryDelayMs(attempt: number, policy: RetryPolicy): number | null {
  const retriesUsed = attempt - 1;
  return retriesUsed < policy.maxRetries ? retryDelayMs(retriesUsed, policy) : null;
}
