import type { Webhook } from '@/lib/generated/prisma/client';
import { openHeaders } from '@/lib/webhooks/webhook-headers';
import { toApiStatus } from '@/lib/webhooks/status';

/** The API form: URL without credentials, secret replaced by hasSecret, header values opened. */
export function toWebhookDto(w: Webhook) {
  return {
    id: w.id,
    orgId: w.orgId,
    partnerId: w.partnerId,
    name: w.name,
    url: w.urlDisplay,
    hasSecret: w.secretSealed !== null,
    events: w.events,
    headers: openHeaders(w.headers),
    status: toApiStatus(w.status),
    successCount: w.successCount,
    failureCount: w.failureCount,
    lastSuccessAt: w.lastSuccessAt?.toISOString() ?? null,
    lastDeliveryAt: w.lastDeliveryAt?.toISOString() ?? null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}
