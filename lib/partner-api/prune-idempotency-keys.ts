import { db } from '@/lib/db';

/** Idempotency keys answer repeats for at least this long; the worker drops older ones hourly. */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

export async function pruneIdempotencyKeys(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_HOURS * 3_600_000);
  return (await db.partnerApiIdempotencyKey.deleteMany({ where: { createdAt: { lt: cutoff } } })).count;
}
