// A delivery for one named webhook (test, manual retry, dead-letter re-drive), as opposed to
// the subscription fan-out of emitted events. Same record, same job, same pipeline.
import type { Tx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { DELIVER_WEBHOOK_TASK, DELIVERY_JOB_MAX_ATTEMPTS, enqueueDeliveryJob } from '@/lib/webhooks/delivery-jobs';

export async function queueDelivery(
  tx: Tx,
  webhook: { id: string; partnerId: string; orgId: string },
  input: { event: string; eventId: string; payload: unknown; retryOfId?: string | null },
) {
  const delivery = await tx.webhookDelivery.create({
    data: {
      webhookId: webhook.id,
      partnerId: webhook.partnerId,
      orgId: webhook.orgId,
      event: input.event,
      eventId: input.eventId,
      payload: input.payload as Prisma.InputJsonValue,
      retryOfId: input.retryOfId ?? null,
    },
  });
  await enqueueDeliveryJob(tx, delivery.id, 0);
  return delivery;
}

/** Queues again every delivery a paused (or failed) webhook held back, when it becomes active. */
export async function requeueHeldDeliveries(tx: Tx, webhookId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ n: number }[]>(Prisma.sql`
    with held as (
      select id, attempt, next_attempt_at from webhook_deliveries
      where webhook_id = ${webhookId}::uuid and status in ('pending', 'retrying')
    ), queued as (
      select graphile_worker.add_job(
        identifier => ${DELIVER_WEBHOOK_TASK},
        payload => json_build_object('deliveryId', id, 'attempt', attempt),
        run_at => greatest(coalesce(next_attempt_at, now()), now()),
        job_key => 'webhook_delivery:' || id::text,
        max_attempts => ${DELIVERY_JOB_MAX_ATTEMPTS}::int
      ) from held
    )
    select count(*)::int as n from queued`);
  return rows[0]?.n ?? 0;
}
