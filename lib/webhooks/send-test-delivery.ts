import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZTestWebhook } from '@/lib/webhooks/schemas';
import { getWebhookOrThrow } from '@/lib/webhooks/get-webhook-or-throw';
import { buildPayload } from '@/lib/webhooks/build-payload';
import { queueDelivery } from '@/lib/webhooks/queue-delivery';

/** POST /webhooks/:id/test: a delivery to this webhook only, through the normal pipeline
 * (URL re-validation, signing, retries). The default `webhook.test` event is recorded on the
 * event log; a test of another type is a simulation and is not. */
export async function sendTestDelivery(ctx: ActorContext, id: string, input: z.output<typeof ZTestWebhook>) {
  return db.$transaction(async (tx) => {
    const webhook = await getWebhookOrThrow(ctx, id, tx);
    if (webhook.status !== 'active') {
      throw conflict('The webhook is not active: set its status to active to send a test delivery', 'WEBHOOK_NOT_ACTIVE');
    }
    const now = new Date();
    const data = input.payload ?? { message: `Test delivery for webhook "${webhook.name}"`, timestamp: now.toISOString(), webhookId: webhook.id };
    let eventId: string = randomUUID();
    let timestamp = now.toISOString();
    if (input.event === 'webhook.test') {
      const row = await tx.event.create({ data: { type: 'webhook.test', partnerId: webhook.partnerId, orgId: webhook.orgId, data: data as Prisma.InputJsonValue } });
      eventId = row.id;
      timestamp = row.createdAt.toISOString();
    }
    const payload = buildPayload({ id: eventId, type: input.event, timestamp, orgId: webhook.orgId, data });
    const delivery = await queueDelivery(tx, webhook, { event: input.event, eventId, payload });
    await writeAudit(ctx, { action: 'webhook.test', targetType: 'webhook', targetId: webhook.id, partnerId: webhook.partnerId, orgId: webhook.orgId, details: { deliveryId: delivery.id, event: input.event } }, tx);
    return {
      message: 'Test delivery queued',
      delivery: { id: delivery.id, webhookId: webhook.id, status: delivery.status, event: delivery.event, attempt: delivery.attempt },
    };
  });
}
