// POST /quotes/:id/convert: an accepted quote becomes a draft contract (its recurring manual and
// per-device lines) and/or a draft invoice (its one-time lines), then `converted`. The distributor
// issue adds the distributor-backed path (an order staged on acceptance).
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { assertBillingAllowed } from '@/lib/billing/assert-billing-allowed';
import { resolveNewLine } from '@/lib/billing/resolve-line';
import { inSentOrder, lineColumns } from '@/lib/billing/line-state';
import { ZDate } from '@/lib/billing/schemas';
import { invalidTransition } from '@/lib/contracts/get-contract-or-throw';
import { utcDate } from '@/lib/contracts/create-contract';
import { invoiceLineColumns } from '@/lib/invoices/invoice-line-columns';
import { lockQuoteOrThrow } from '@/lib/quotes/get-quote-or-throw';
import { quoteInclude, quoteLineState } from '@/lib/quotes/to-quote-dto';
import { quoteDetail } from '@/lib/quotes/get-quote-detail';
import { todayUtc } from '@/lib/quotes/quote-status';

export const ZConvertQuote = z.object({ startDate: ZDate.optional().describe('Start of the contract (default today, UTC)') }).strict();

export async function convertQuote(ctx: ActorContext, id: string, input: z.output<typeof ZConvertQuote>) {
  const quote = await db.$transaction(async (tx) => {
    const current = await lockQuoteOrThrow(ctx, id, tx);
    if (current.status !== 'accepted') throw invalidTransition('quote', current.status, 'converted');
    await assertBillingAllowed(tx, current.partnerId);
    // Re-checked: a site or group named on the quote may have gone since. The catalog item is
    // not: the accepted price and description are the agreement, and the line keeps its link to
    // the item even if the item was deleted since (deletion is soft, the row stays).
    const states = [];
    for (const line of current.lines) {
      const s = quoteLineState(line);
      states.push({ ...(await resolveNewLine(tx, current, s.type, { ...s, catalogItemId: null })), catalogItemId: s.catalogItemId });
    }
    const recurring = states.filter((s) => s.type !== 'one_time');
    const oneTime = states.filter((s) => s.type === 'one_time');
    let contractId: string | null = null;
    let invoiceId: string | null = null;
    if (recurring.length) {
      const startDate = input.startDate ? utcDate(input.startDate) : todayUtc();
      const contract = await tx.contract.create({
        data: {
          partnerId: current.partnerId,
          orgId: current.orgId,
          name: current.title,
          currency: current.currency,
          startDate,
          nextPeriodStart: startDate,
          quoteId: current.id,
          lines: { create: inSentOrder(recurring.map((s) => ({ type: s.type, manualQuantity: s.quantity, ...lineColumns(s) }))) },
        },
      });
      contractId = contract.id;
    }
    if (oneTime.length) {
      const invoice = await tx.invoice.create({
        data: {
          partnerId: current.partnerId,
          orgId: current.orgId,
          currency: current.currency,
          quoteId: current.id,
          recipientEmail: current.recipientEmail,
          createdById: ctx.userId,
          lines: { create: inSentOrder(oneTime.map((s) => ({ type: s.type, ...invoiceLineColumns(s) }))) },
        },
      });
      invoiceId = invoice.id;
    }
    return tx.quote.update({ where: { id }, data: { status: 'converted', convertedAt: new Date(), contractId, invoiceId }, include: quoteInclude });
  });
  return { data: await quoteDetail(quote) };
}
