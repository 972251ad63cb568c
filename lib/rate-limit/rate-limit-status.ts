import { db } from '@/lib/db';
import { unavailable } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';

/** Counts recent events of a key without recording one (for limits on failures only). */
export async function rateLimitExceeded(key: string, limit: number, windowSeconds: number): Promise<boolean> {
  try {
    const rows = await db.$queryRaw<{ count: number }[]>`
      select count(*)::int as count from rate_limit_events
      where key = ${key} and created_at > now() - make_interval(secs => ${windowSeconds}::double precision)`;
    return (rows[0]?.count ?? 0) >= limit;
  } catch {
    throw unavailable('Rate-limit store unavailable; try again shortly');
  }
}

/** Records one failure against a key. */
export async function recordRateLimitEvent(key: string, limit: number, windowSeconds: number): Promise<void> {
  await consumeRateLimit(key, limit, windowSeconds);
}
