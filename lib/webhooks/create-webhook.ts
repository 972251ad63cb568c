import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { encryptSecret } from '@/lib/auth/secrets';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZCreateWebhook } from '@/lib/webhooks/schemas';
import { resolveWebhookOrg } from '@/lib/webhooks/resolve-webhook-org';
import { assertWebhookUrl } from '@/lib/webhooks/assert-webhook-url';
import { sealHeaders } from '@/lib/webhooks/webhook-headers';
import { stripUrlCredentials } from '@/lib/webhooks/strip-url-credentials';
import { toWebhookDto } from '@/lib/webhooks/to-webhook-dto';

export const MAX_WEBHOOKS_PER_ORG = 50;

export async function createWebhook(ctx: ActorContext, input: z.output<typeof ZCreateWebhook>) {
  const org = await resolveWebhookOrg(ctx, input.orgId, 'body');
  // DNS is checked before the transaction opens: no row lock is held across a lookup.
  await assertWebhookUrl(input.url);
  const webhook = await db.$transaction(async (tx) => {
    // Serialises creates per organization so concurrent ones cannot pass the limit together.
    await tx.$queryRaw`select id from organizations where id = ${org.id}::uuid for update`;
    if ((await tx.webhook.count({ where: { orgId: org.id } })) >= MAX_WEBHOOKS_PER_ORG) {
      throw conflict(`An organization can have at most ${MAX_WEBHOOKS_PER_ORG} webhooks`, 'WEBHOOK_LIMIT_REACHED');
    }
    const created = await tx.webhook.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        name: input.name,
        urlSealed: encryptSecret(input.url),
        urlDisplay: stripUrlCredentials(input.url),
        secretSealed: input.secret ? encryptSecret(input.secret) : null,
        events: input.events,
        headers: sealHeaders(input.headers) as Prisma.InputJsonValue,
        createdBy: ctx.userId,
      },
    });
    await writeAudit(ctx, {
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: created.id,
      partnerId: org.partnerId,
      orgId: org.id,
      details: { name: created.name, url: created.urlDisplay, events: created.events },
    }, tx);
    return created;
  });
  return toWebhookDto(webhook);
}
