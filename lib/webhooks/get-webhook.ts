import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getWebhookOrThrow } from '@/lib/webhooks/get-webhook-or-throw';
import { toWebhookDto } from '@/lib/webhooks/to-webhook-dto';

/** GET /webhooks/:id: the webhook with its delivery counts by status. */
export async function getWebhook(ctx: ActorContext, id: string) {
  const webhook = await getWebhookOrThrow(ctx, id);
  const groups = await db.webhookDelivery.groupBy({
    by: ['status'],
    where: { webhookId: webhook.id },
    _count: { _all: true },
    _max: { deliveredAt: true },
  });
  const count = (status: string) => groups.find((g) => g.status === status)?._count._all ?? 0;
  const lastDeliveredAt = groups.find((g) => g.status === 'delivered')?._max.deliveredAt ?? null;
  return {
    ...toWebhookDto(webhook),
    deliveryStats: {
      total: groups.reduce((sum, g) => sum + g._count._all, 0),
      pending: count('pending'),
      delivered: count('delivered'),
      failed: count('failed'),
      retrying: count('retrying'),
      lastDeliveredAt: lastDeliveredAt?.toISOString() ?? null,
    },
  };
}
