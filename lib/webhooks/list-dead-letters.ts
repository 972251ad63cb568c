import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { ZListDeadLettersQuery } from '@/lib/webhooks/schemas';
import { toDeadLetterDto } from '@/lib/webhooks/to-dead-letter-dto';

/** The dead-letter queue in the caller's scope, newest first. */
export async function listDeadLetters(ctx: ActorContext, query: z.output<typeof ZListDeadLettersQuery>) {
  const where: Prisma.WebhookDeadLetterWhereInput = {
    AND: [
      tenantWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.webhookId ? { webhookId: query.webhookId } : {},
      query.state === 'open' ? { redrivenAt: null } : query.state === 'redriven' ? { redrivenAt: { not: null } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.webhookDeadLetter.findMany({ where, include: { webhook: { select: { name: true } } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.webhookDeadLetter.count({ where }),
  ]);
  return pageResult(rows.map(toDeadLetterDto), query, total);
}
