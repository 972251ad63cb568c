// First start: creates the system-scoped admin from BOOTSTRAP_ADMIN_EMAIL/PASSWORD. Without a
// configured password one is generated and returned so the caller can print it once.
import { randomBytes } from 'node:crypto';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { hashPassword } from '@/lib/auth/passwords';

export async function ensureBootstrapAdmin(): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const email = env().BOOTSTRAP_ADMIN_EMAIL.toLowerCase();
  const existing = await db.user.findFirst({ where: { isPlatformAdmin: true, deletedAt: null } });
  if (existing) return { created: false, email: existing.email };
  const configured = env().BOOTSTRAP_ADMIN_PASSWORD;
  const password = configured ?? `${randomBytes(12).toString('base64url')}-A1`;
  await db.user.upsert({
    where: { email },
    create: { email, name: 'Platform Admin', passwordHash: await hashPassword(password), isPlatformAdmin: true },
    update: { isPlatformAdmin: true },
  });
  return { created: true, email, ...(configured ? {} : { generatedPassword: password }) };
}
