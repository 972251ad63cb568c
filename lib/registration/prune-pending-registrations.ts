import { db } from '@/lib/db';

/** Deletes registrations whose link expired (they hold a password hash nobody can use). */
export async function prunePendingRegistrations(): Promise<number> {
  const result = await db.pendingRegistration.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return result.count;
}
