import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { encryptSecret } from '@/lib/auth/secrets';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZUpdateWebhook } from '@/lib/webhooks/schemas';
import { assertWebhookUrl } from '@/lib/webhooks/assert-webhook-url';
import { getWebhookOrThrow } from '@/lib/webhooks/get-webhook-or-throw';
import { requeueHeldDeliveries } from '@/lib/webhooks/queue-delivery';
import { sealHeaders } from '@/lib/webhooks/webhook-headers';
import { stripUrlCredentials } from '@/lib/webhooks/strip-url-credentials';
import { toStoredStatus } from '@/lib/webhooks/status';
import { toWebhookDto } from '@/lib/webhooks/to-webhook-dto';

export async function updateWebhook(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateWebhook>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  // Scope first, so an out-of-scope id answers 404 before the URL is even looked at.
  await getWebhookOrThrow(ctx, id);
  if (input.url !== undefined) await assertWebhookUrl(input.url);
  const webhook = await db.$transaction(async (tx) => {
    const current = await getWebhookOrThrow(ctx, id, tx);
    const status = input.status !== undefined ? toStoredStatus(input.status) : undefined;
    const data: Prisma.WebhookUpdateInput = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url !== undefined ? { urlSealed: encryptSecret(input.url), urlDisplay: stripUrlCredentials(input.url) } : {}),
      ...(input.secret !== undefined ? { secretSealed: input.secret === null ? null : encryptSecret(input.secret) } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.headers !== undefined ? { headers: sealHeaders(input.headers) as Prisma.InputJsonValue } : {}),
      ...(status !== undefined ? { status } : {}),
      // Re-activation starts the failure streak afresh.
      ...(status === 'active' && current.status !== 'active' ? { consecutiveFailures: 0 } : {}),
    };
    const updated = await tx.webhook.update({ where: { id: current.id }, data });
    const resumed = status === 'active' && current.status !== 'active' ? await requeueHeldDeliveries(tx, current.id) : 0;
    await writeAudit(ctx, {
      action: 'webhook.update',
      targetType: 'webhook',
      targetId: current.id,
      partnerId: current.partnerId,
      orgId: current.orgId,
      details: { fields: Object.keys(input), ...(status ? { status: input.status } : {}), ...(resumed ? { resumedDeliveries: resumed } : {}) },
    }, tx);
    return updated;
  });
  return toWebhookDto(webhook);
}
