import { db } from '@/lib/db';

export async function pruneExpiredSessions(keepDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - keepDays * 86_400_000);
  const result = await db.session.deleteMany({
    where: { OR: [{ expiresAt: { lt: cutoff } }, { revokedAt: { lt: cutoff } }] },
  });
  // Started SSO sign-ins and their one-time results live minutes; nothing reads them once expired.
  const now = new Date();
  await db.ssoLoginState.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.ssoLoginResult.deleteMany({ where: { expiresAt: { lt: now } } });
  return result.count;
}
