import type { WebhookDeadLetter } from '@/lib/generated/prisma/client';

/** `webhook` (its name) is joined by the list so the console can say which webhook failed. */
export function toDeadLetterDto(d: WebhookDeadLetter & { webhook?: { name: string } }) {
  return {
    id: d.id,
    deliveryId: d.deliveryId,
    webhookId: d.webhookId,
    webhookName: d.webhook?.name ?? null,
    orgId: d.orgId,
    event: d.event,
    eventId: d.eventId,
    attempts: d.attempts,
    lastError: d.lastError,
    lastResponseStatus: d.lastResponseStatus,
    createdAt: d.createdAt.toISOString(),
    redrivenAt: d.redrivenAt?.toISOString() ?? null,
    redriveDeliveryId: d.redriveDeliveryId,
  };
}
