// POST/PATCH/DELETE /quotes/:id/lines[/:lineId]: draft quotes only. The patch is strict (doc 2):
// unknown keys 400, device-set fields patchable, type and device-set type not.
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { resolveNewLine, resolvePatchedLine } from '@/lib/billing/resolve-line';
import { lineNotFound } from '@/lib/contracts/contract-lines';
import { assertQuoteDraft, lockQuoteOrThrow } from '@/lib/quotes/get-quote-or-throw';
import { quoteLineState, toQuoteLineDto, type QuoteWithParts } from '@/lib/quotes/to-quote-dto';
import { quoteLineColumns } from '@/lib/quotes/quote-line-columns';
import type { ZCreateQuoteLine, ZUpdateQuoteLine } from '@/lib/quotes/schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function draftQuote(tx: Tx, ctx: ActorContext, id: string) {
  const quote = await lockQuoteOrThrow(ctx, id, tx);
  assertQuoteDraft(quote);
  return quote;
}

function assertBlock(quote: QuoteWithParts, blockId: string | null | undefined) {
  if (blockId && !quote.blocks.some((b) => b.id === blockId)) throw badRequest('No such block on this quote', [{ path: 'body.blockId', message: 'Block not found' }], 'BLOCK_NOT_FOUND');
}

function findLine(quote: QuoteWithParts, lineId: string) {
  const line = UUID.test(lineId) ? quote.lines.find((l) => l.id === lineId.toLowerCase()) : undefined;
  if (!line) throw lineNotFound();
  return line;
}

export async function addQuoteLine(ctx: ActorContext, quoteId: string, input: z.output<typeof ZCreateQuoteLine>) {
  const line = await db.$transaction(async (tx) => {
    const quote = await draftQuote(tx, ctx, quoteId);
    assertBlock(quote, input.blockId);
    const s = await resolveNewLine(tx, quote, input.type, input);
    return tx.quoteLine.create({ data: { quoteId, blockId: input.blockId ?? null, type: s.type, ...quoteLineColumns(s) } });
  });
  return { data: toQuoteLineDto(line) };
}

export async function updateQuoteLine(ctx: ActorContext, quoteId: string, lineId: string, input: z.output<typeof ZUpdateQuoteLine>) {
  const line = await db.$transaction(async (tx) => {
    const quote = await draftQuote(tx, ctx, quoteId);
    const current = findLine(quote, lineId);
    const { blockId, ...fields } = input;
    assertBlock(quote, blockId);
    const onlyBlock = blockId !== undefined && Object.values(fields).every((v) => v === undefined);
    const s = onlyBlock ? quoteLineState(current) : await resolvePatchedLine(tx, quote, quoteLineState(current), fields);
    return tx.quoteLine.update({ where: { id: current.id }, data: { ...quoteLineColumns(s), ...(blockId !== undefined ? { blockId } : {}) } });
  });
  return { data: toQuoteLineDto(line) };
}

export async function deleteQuoteLine(ctx: ActorContext, quoteId: string, lineId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const quote = await draftQuote(tx, ctx, quoteId);
    await tx.quoteLine.delete({ where: { id: findLine(quote, lineId).id } });
  });
}
