import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getWebhookOrThrow } from '@/lib/webhooks/get-webhook-or-throw';
import { onlyFailedCanBeRetried } from '@/lib/webhooks/errors';
import { queueDelivery } from '@/lib/webhooks/queue-delivery';

/** POST /webhooks/:id/retry/:deliveryId: a NEW pending record (attempt 0) with the same event
 * and payload; the failed original stays as it was. Its dead letter, if any, is marked re-driven. */
export async function retryDelivery(ctx: ActorContext, webhookId: string, deliveryId: string) {
  return db.$transaction(async (tx) => {
    const webhook = await getWebhookOrThrow(ctx, webhookId, tx);
    const original = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId: webhook.id } });
    if (!original) throw notFound('Delivery');
    if (original.status !== 'failed') throw onlyFailedCanBeRetried(original.status);
    const copy = await queueDelivery(tx, webhook, { event: original.event, eventId: original.eventId, payload: original.payload, retryOfId: original.id });
    await tx.webhookDeadLetter.updateMany({ where: { deliveryId: original.id, redrivenAt: null }, data: { redrivenAt: new Date(), redriveDeliveryId: copy.id } });
    await writeAudit(ctx, {
      action: 'webhook.delivery_retry',
      targetType: 'webhook',
      targetId: webhook.id,
      partnerId: webhook.partnerId,
      orgId: webhook.orgId,
      details: { deliveryId: original.id, newDeliveryId: copy.id },
    }, tx);
    return { message: 'Delivery queued for retry', delivery: { id: copy.id, status: copy.status, attempt: copy.attempt } };
  });
}
