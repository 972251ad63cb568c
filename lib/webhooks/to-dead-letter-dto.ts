import type { WebhookDeadLetter } from '@/lib/generated/prisma/client';

export function toDeadLetterDto(d: WebhookDeadLetter) {
  return {
    id: d.id,
    deliveryId: d.deliveryId,
    webhookId: d.webhookId,
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
