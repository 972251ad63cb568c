import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getWebhookOrThrow } from '@/lib/webhooks/get-webhook-or-throw';

/** Deletes the webhook with all its delivery records and dead letters (cascade). Jobs still
 * queued for them find nothing to deliver and end. */
export async function deleteWebhook(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const webhook = await getWebhookOrThrow(ctx, id, tx);
    await tx.webhook.delete({ where: { id: webhook.id } });
    await writeAudit(ctx, { action: 'webhook.delete', targetType: 'webhook', targetId: id, partnerId: webhook.partnerId, orgId: webhook.orgId, details: { name: webhook.name } }, tx);
  });
}
