import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { configWhere } from '@/lib/alerts/config-scope';

export async function getPolicyOrThrow(ctx: ScopedContext, id: string) {
  const policy = await db.alertPolicy.findFirst({ where: { AND: [{ id }, configWhere(ctx)] } });
  if (!policy) throw notFound('Alert policy');
  return policy;
}
