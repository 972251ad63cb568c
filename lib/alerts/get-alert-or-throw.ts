import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';

/** Lookup and authorization in one query: an alert outside the caller's scope is "not found". */
export async function getAlertOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const alert = await client.alert.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!alert) throw notFound('Alert');
  return alert;
}
