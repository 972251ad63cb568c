import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { utcDate } from '@/lib/contracts/create-contract';
import { assertQuoteDraft, lockQuoteOrThrow } from '@/lib/quotes/get-quote-or-throw';
import { quoteInclude } from '@/lib/quotes/to-quote-dto';
import { quoteDetail } from '@/lib/quotes/get-quote-detail';
import type { ZUpdateQuote } from '@/lib/quotes/schemas';

export async function updateQuote(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateQuote>) {
  const quote = await db.$transaction(async (tx) => {
    assertQuoteDraft(await lockQuoteOrThrow(ctx, id, tx));
    const { validUntil, ...rest } = input;
    return tx.quote.update({
      where: { id },
      data: { ...rest, ...(validUntil !== undefined ? { validUntil: validUntil ? utcDate(validUntil) : null } : {}) },
      include: quoteInclude,
    });
  });
  return { data: await quoteDetail(quote) };
}
