import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ZListDeliveriesQuery } from '@/lib/webhooks/schemas';
import { getWebhookOrThrow } from '@/lib/webhooks/get-webhook-or-throw';
import { toDeliveryDto } from '@/lib/webhooks/to-delivery-dto';

/** Delivery history of one webhook, newest first. */
export async function listDeliveries(ctx: ActorContext, webhookId: string, query: z.output<typeof ZListDeliveriesQuery>) {
  const webhook = await getWebhookOrThrow(ctx, webhookId);
  const where: Prisma.WebhookDeliveryWhereInput = { webhookId: webhook.id, ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.webhookDelivery.count({ where }),
  ]);
  return pageResult(rows.map(toDeliveryDto), query, total);
}
