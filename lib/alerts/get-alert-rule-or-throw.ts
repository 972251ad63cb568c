import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { configWhere } from '@/lib/alerts/config-scope';

export async function getAlertRuleOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const rule = await client.alertRule.findFirst({ where: { AND: [{ id }, configWhere(ctx)] } });
  if (!rule) throw notFound('Alert rule');
  return rule;
}
