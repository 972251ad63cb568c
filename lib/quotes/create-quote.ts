import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { assertBillingAllowed } from '@/lib/billing/assert-billing-allowed';
import { resolveNewLine } from '@/lib/billing/resolve-line';
import { inSentOrder } from '@/lib/billing/line-state';
import { orgIdFor, utcDate } from '@/lib/contracts/create-contract';
import { quoteLineColumns } from '@/lib/quotes/quote-line-columns';
import { quoteInclude } from '@/lib/quotes/to-quote-dto';
import { quoteDetail } from '@/lib/quotes/get-quote-detail';
import type { ZCreateQuote } from '@/lib/quotes/schemas';

export async function createQuote(ctx: ActorContext, input: z.output<typeof ZCreateQuote>) {
  const orgId = orgIdFor(ctx, input.orgId);
  const quote = await db.$transaction(async (tx) => {
    const org = await getOrganizationOrThrow(ctx, orgId, tx);
    await assertBillingAllowed(tx, org.partnerId);
    const doc = { partnerId: org.partnerId, orgId: org.id, currency: input.currency };
    const lines = [];
    for (const line of input.lines) lines.push(await resolveNewLine(tx, doc, line.type, line));
    return tx.quote.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        title: input.title,
        currency: input.currency,
        validUntil: input.validUntil ? utcDate(input.validUntil) : null,
        notes: input.notes,
        recipientEmail: input.recipientEmail ?? null,
        createdById: ctx.userId,
        blocks: { create: inSentOrder(input.blocks) },
        lines: { create: inSentOrder(lines.map((s) => ({ type: s.type, ...quoteLineColumns(s) }))) },
      },
      include: quoteInclude,
    });
  });
  return { data: await quoteDetail(quote) };
}
