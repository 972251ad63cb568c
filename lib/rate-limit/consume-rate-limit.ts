// Sliding-window rate limiting in PostgreSQL: every app process shares the same counts, and a
// store failure surfaces as 503 (fail closed) instead of letting the request through.
import { db } from '@/lib/db';
import { AppError, unavailable } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';

export interface RateLimitVerdict {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export async function consumeRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitVerdict> {
  try {
    return await db.$transaction(async (tx) => {
      // Serialises concurrent callers of one key so two requests cannot both take the last slot.
      await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
      const rows = await tx.$queryRaw<{ count: number; oldest: Date | null }[]>`
        select count(*)::int as count, min(created_at) as oldest
        from rate_limit_events
        where key = ${key} and created_at > now() - make_interval(secs => ${windowSeconds}::double precision)`;
      const { count, oldest } = rows[0] ?? { count: 0, oldest: null };
      if (count >= limit) {
        const retryAfterMs = oldest ? oldest.getTime() + windowSeconds * 1000 - Date.now() : windowSeconds * 1000;
        return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      await tx.$executeRaw`insert into rate_limit_events (key) values (${key})`;
      return { allowed: true, remaining: limit - count - 1, retryAfterSeconds: 0 };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error({ err: error, key }, 'rate-limit store unavailable');
    throw unavailable('Rate-limit store unavailable; try again shortly');
  }
}

/** Drops events older than the longest window in use (run by the worker). */
export async function pruneRateLimitEvents(olderThanSeconds = 86_400): Promise<number> {
  return db.$executeRaw`delete from rate_limit_events where created_at < now() - make_interval(secs => ${olderThanSeconds}::double precision)`;
}
