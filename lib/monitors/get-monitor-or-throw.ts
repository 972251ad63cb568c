import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';

export async function getMonitorOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const monitor = await client.monitor.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!monitor) throw notFound('Monitor');
  return monitor;
}
