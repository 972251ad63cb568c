import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma, WebhookDeadLetter } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { ZListDeadLettersQuery } from '@/lib/webhooks/schemas';

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

/** The dead-letter queue in the caller's scope, newest first. */
export async function listDeadLetters(ctx: UserContext, query: z.output<typeof ZListDeadLettersQuery>) {
  const where: Prisma.WebhookDeadLetterWhereInput = {
    AND: [
      tenantWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.webhookId ? { webhookId: query.webhookId } : {},
      query.state === 'open' ? { redrivenAt: null } : query.state === 'redriven' ? { redrivenAt: { not: null } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.webhookDeadLetter.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.webhookDeadLetter.count({ where }),
  ]);
  return pageResult(rows.map(toDeadLetterDto), query, total);
}
