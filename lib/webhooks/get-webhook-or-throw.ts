import type { ScopedContext } from '@/lib/auth/context';
import type { DbOrTx } from '@/lib/db';
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';

/** Lookup and authorization in one query: a webhook outside the caller's scope is "not found". */
export async function getWebhookOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  // A partner-wide webhook (a plugin's subscription, no organization) is managed through its
  // plugin installation and is not found here.
  const webhook = await client.webhook.findFirst({ where: { id, ...tenantWhere(ctx), organization: { deletedAt: null } } });
  if (!webhook || !webhook.orgId) throw notFound('Webhook');
  return { ...webhook, orgId: webhook.orgId };
}
