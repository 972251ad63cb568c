import type { ScopedContext } from '@/lib/auth/context';
import type { DbOrTx } from '@/lib/db';
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';

/** Lookup and authorization in one query: a webhook outside the caller's scope is "not found". */
export async function getWebhookOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const webhook = await client.webhook.findFirst({ where: { id, ...tenantWhere(ctx), organization: { deletedAt: null } } });
  if (!webhook) throw notFound('Webhook');
  return webhook;
}
