import type { WebhookDelivery } from '@/lib/generated/prisma/client';

export function toDeliveryDto(d: WebhookDelivery) {
  return {
    id: d.id,
    webhookId: d.webhookId,
    orgId: d.orgId,
    status: d.status,
    event: d.event,
    eventId: d.eventId,
    payload: d.payload,
    responseStatus: d.responseStatus,
    responseBody: d.responseBody,
    responseTimeMs: d.durationMs,
    errorMessage: d.errorMessage,
    attempt: d.attempt,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    retryOfId: d.retryOfId,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  };
}
