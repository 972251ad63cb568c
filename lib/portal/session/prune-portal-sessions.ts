import { db } from '@/lib/db';

/** Deletes portal sessions that expired or were revoked over `keepDays` ago, and expired links. */
export async function prunePortalSessions(keepDays: number): Promise<{ sessions: number; tokens: number }> {
  const cutoff = new Date(Date.now() - keepDays * 86_400_000);
  const sessions = await db.portalSession.deleteMany({ where: { OR: [{ expiresAt: { lt: cutoff } }, { revokedAt: { lt: cutoff } }] } });
  const tokens = await db.portalToken.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return { sessions: sessions.count, tokens: tokens.count };
}
