// Re-drive from the dead-letter queue: each open dead letter becomes a NEW pending delivery
// (attempt 0) of the same event and payload, and is marked re-driven. The failed record stays.
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { tenantWhere } from '@/lib/tenancy/scope';
import { ZRedriveDeadLetters } from '@/lib/webhooks/schemas';
import { queueDelivery } from '@/lib/webhooks/queue-delivery';
import { getWebhookOrThrow } from '@/lib/webhooks/get-webhook-or-throw';

const BULK_LIMIT = 500;

async function redriveRows(ctx: ActorContext, tx: Tx, ids: string[]) {
  const rows = await tx.webhookDeadLetter.findMany({
    where: { id: { in: ids }, redrivenAt: null, ...tenantWhere(ctx) },
    include: { delivery: true, webhook: true },
    orderBy: { createdAt: 'asc' },
  });
  const out = [];
  for (const row of rows) {
    const copy = await queueDelivery(tx, { ...row.webhook, orgId: row.orgId }, { event: row.delivery.event, eventId: row.delivery.eventId, payload: row.delivery.payload, retryOfId: row.deliveryId });
    // Only an open dead letter is claimed: a concurrent re-drive of the same one loses here.
    const claimed = await tx.webhookDeadLetter.updateMany({ where: { id: row.id, redrivenAt: null }, data: { redrivenAt: new Date(), redriveDeliveryId: copy.id } });
    if (claimed.count === 0) throw conflict('Dead letter was already re-driven', 'ALREADY_REDRIVEN');
    out.push({ id: copy.id, deadLetterId: row.id, status: copy.status, attempt: copy.attempt, partnerId: row.partnerId, orgId: row.orgId });
  }
  return out;
}

export async function redriveDeadLetter(ctx: ActorContext, id: string) {
  return db.$transaction(async (tx) => {
    const row = await tx.webhookDeadLetter.findFirst({ where: { id, ...tenantWhere(ctx) } });
    if (!row) throw notFound('Dead letter');
    if (row.redrivenAt) throw conflict('Dead letter was already re-driven', 'ALREADY_REDRIVEN', { redriveDeliveryId: row.redriveDeliveryId });
    const [done] = await redriveRows(ctx, tx, [id]);
    await writeAudit(ctx, { action: 'webhook.dead_letter_redrive', targetType: 'webhook', targetId: row.webhookId, partnerId: row.partnerId, orgId: row.orgId, details: { deadLetterIds: [id], deliveryIds: [done.id] } }, tx);
    return { message: 'Dead letter re-driven', deliveries: [strip(done)] };
  });
}

export async function redriveDeadLetters(ctx: ActorContext, input: z.output<typeof ZRedriveDeadLetters>) {
  return db.$transaction(async (tx) => {
    if (input.webhookId) await getWebhookOrThrow(ctx, input.webhookId, tx);
    const ids = input.ids
      ? input.ids
      : (await tx.webhookDeadLetter.findMany({ where: { webhookId: input.webhookId, redrivenAt: null, ...tenantWhere(ctx) }, select: { id: true }, orderBy: { createdAt: 'asc' }, take: BULK_LIMIT })).map((r) => r.id);
    const done = await redriveRows(ctx, tx, ids);
    if (done.length > 0) {
      await writeAudit(ctx, {
        action: 'webhook.dead_letter_redrive',
        targetType: 'webhook',
        targetId: input.webhookId ?? null,
        partnerId: done[0].partnerId,
        orgId: done.every((d) => d.orgId === done[0].orgId) ? done[0].orgId : null,
        details: { deadLetterIds: done.map((d) => d.deadLetterId), deliveryIds: done.map((d) => d.id) },
      }, tx);
    }
    return { message: `${done.length} dead letter${done.length === 1 ? '' : 's'} re-driven`, deliveries: done.map(strip) };
  });
}

const strip = ({ id, deadLetterId, status, attempt }: { id: string; deadLetterId: string; status: 'pending' | 'delivered' | 'failed' | 'retrying'; attempt: number }) => ({ id, deadLetterId, status, attempt });
