import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { ZListWebhooksQuery } from '@/lib/webhooks/schemas';
import { resolveWebhookOrg } from '@/lib/webhooks/resolve-webhook-org';
import { toStoredStatus } from '@/lib/webhooks/status';
import { toWebhookDto } from '@/lib/webhooks/to-webhook-dto';

export async function listWebhooks(ctx: ActorContext, query: z.output<typeof ZListWebhooksQuery>) {
  const org = await resolveWebhookOrg(ctx, query.orgId, 'query');
  const where: Prisma.WebhookWhereInput = { AND: [tenantWhere(ctx), { orgId: org.id }, query.status ? { status: toStoredStatus(query.status) } : {}] };
  const [rows, total] = await Promise.all([
    db.webhook.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.webhook.count({ where }),
  ]);
  return pageResult(rows.map(toWebhookDto), query, total);
}
