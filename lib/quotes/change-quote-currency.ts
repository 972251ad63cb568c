import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { planCurrencyChange } from '@/lib/billing/plan-currency-change';
import type { ZCurrencyChange } from '@/lib/billing/schemas';
import { assertQuoteDraft, lockQuoteOrThrow } from '@/lib/quotes/get-quote-or-throw';
import { quoteInclude } from '@/lib/quotes/to-quote-dto';
import { quoteDetail } from '@/lib/quotes/get-quote-detail';

export async function changeQuoteCurrency(ctx: ActorContext, id: string, input: z.output<typeof ZCurrencyChange>) {
  const quote = await db.$transaction(async (tx) => {
    const current = await lockQuoteOrThrow(ctx, id, tx);
    assertQuoteDraft(current);
    const plan = await planCurrencyChange(tx, { ...current, currency: input.currency }, current.lines, input);
    if (plan.kind === 'clear') await tx.quoteLine.deleteMany({ where: { quoteId: id } });
    if (plan.kind === 'reprice') {
      for (const u of plan.updates) await tx.quoteLine.update({ where: { id: u.id }, data: { unitPrice: u.unitPrice, overagePrice: u.overagePrice } });
    }
    return tx.quote.update({ where: { id }, data: { currency: input.currency }, include: quoteInclude });
  });
  return { data: await quoteDetail(quote) };
}
