import { db } from '@/lib/db';

export async function pruneExpiredSessions(keepDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - keepDays * 86_400_000);
  const result = await db.session.deleteMany({
    where: { OR: [{ expiresAt: { lt: cutoff } }, { revokedAt: { lt: cutoff } }] },
  });
  return result.count;
}
