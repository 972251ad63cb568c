// Quote blocks: titled text sections (scope, terms …) that group lines on the document.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { assertQuoteDraft, lockQuoteOrThrow } from '@/lib/quotes/get-quote-or-throw';
import { toQuoteBlockDto } from '@/lib/quotes/to-quote-dto';
import type { ZCreateQuoteBlock, ZUpdateQuoteBlock } from '@/lib/quotes/schemas';

const blockNotFound = () => new AppError('BLOCK_NOT_FOUND', 404, 'Quote block not found');

export async function addQuoteBlock(ctx: ActorContext, quoteId: string, input: z.output<typeof ZCreateQuoteBlock>) {
  const block = await db.$transaction(async (tx) => {
    assertQuoteDraft(await lockQuoteOrThrow(ctx, quoteId, tx));
    return tx.quoteBlock.create({ data: { quoteId, ...input } });
  });
  return { data: toQuoteBlockDto(block) };
}

export async function updateQuoteBlock(ctx: ActorContext, quoteId: string, blockId: string, input: z.output<typeof ZUpdateQuoteBlock>) {
  const block = await db.$transaction(async (tx) => {
    const quote = await lockQuoteOrThrow(ctx, quoteId, tx);
    assertQuoteDraft(quote);
    const current = quote.blocks.find((b) => b.id === blockId.toLowerCase());
    if (!current) throw blockNotFound();
    return tx.quoteBlock.update({ where: { id: current.id }, data: input });
  });
  return { data: toQuoteBlockDto(block) };
}

/** Lines of a removed block stay on the quote, outside any block. */
export async function deleteQuoteBlock(ctx: ActorContext, quoteId: string, blockId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const quote = await lockQuoteOrThrow(ctx, quoteId, tx);
    assertQuoteDraft(quote);
    const current = quote.blocks.find((b) => b.id === blockId.toLowerCase());
    if (!current) throw blockNotFound();
    await tx.quoteBlock.delete({ where: { id: current.id } });
  });
}
