import { db, type DbOrTx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { enrollmentKeyWhere } from '@/lib/enrollment-keys/enrollment-key-scope';

export async function getEnrollmentKeyOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const key = await client.enrollmentKey.findFirst({ where: { AND: [{ id }, enrollmentKeyWhere(ctx)] } });
  if (!key) throw notFound('Enrollment key');
  return key;
}
