// Quote statuses: draft → sent (send) → accepted | declined (the customer's link or staff
// recording the answer) | expired (past validUntil) → converted (accepted quotes become a
// draft contract and/or invoice). Only drafts are edited or deleted.
import type { Tx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { enqueueEmail } from '@/lib/mail/enqueue-email';
import type { BulkOutcome } from '@/lib/billing/run-bulk';
import { invalidTransition } from '@/lib/contracts/get-contract-or-throw';
import { assertQuoteDraft, lockQuoteOrThrow } from '@/lib/quotes/get-quote-or-throw';
import { quoteInclude, type QuoteWithParts } from '@/lib/quotes/to-quote-dto';
import { stageQuoteOrder } from '@/lib/distributor/stage-quote-order';
import { quoteDetail } from '@/lib/quotes/get-quote-detail';
import { quoteEmail } from '@/lib/quotes/quote-email';

export const todayUtc = () => new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);

export function isPastValidity(q: { validUntil: Date | null }, today = todayUtc()): boolean {
  return q.validUntil !== null && q.validUntil < today;
}

export async function sendQuoteIn(tx: Tx, ctx: ActorContext, id: string): Promise<BulkOutcome> {
  const quote = await lockQuoteOrThrow(ctx, id, tx);
  if (quote.status !== 'draft') throw invalidTransition('quote', quote.status, 'sent');
  if (!quote.lines.length) throw conflict('A quote without lines cannot be sent', 'QUOTE_EMPTY');
  if (!quote.recipientEmail) throw conflict('Set recipientEmail before sending the quote', 'NO_RECIPIENT');
  if (isPastValidity(quote)) throw conflict('validUntil is in the past', 'QUOTE_EXPIRED');
  const sent = await tx.quote.update({ where: { id }, data: { status: 'sent', sentAt: new Date() }, include: quoteInclude });
  await enqueueEmail(tx, await quoteEmail(sent));
  return 'updated';
}

export async function sendQuote(ctx: ActorContext, id: string) {
  await db.$transaction((tx) => sendQuoteIn(tx, ctx, id));
  return getDetail(id);
}

async function getDetail(id: string) {
  return { data: await quoteDetail(await db.quote.findUniqueOrThrow({ where: { id }, include: quoteInclude })) };
}

export const quoteExpired = () => conflict('The quote has expired', 'QUOTE_EXPIRED');

/**
 * Records the customer's answer on a sent quote. A quote past validUntil becomes `expired`
 * (committed) and the answer is refused with 409 QUOTE_EXPIRED.
 */
export async function respondToQuote(quoteId: string, answer: 'accepted' | 'declined', lock: (tx: Tx) => Promise<QuoteWithParts>) {
  const outcome = await db.$transaction(async (tx) => {
    const quote = await lock(tx);
    if (quote.status === 'sent' && isPastValidity(quote)) {
      await tx.quote.update({ where: { id: quote.id }, data: { status: 'expired' } });
      return 'expired' as const;
    }
    if (quote.status !== 'sent') throw invalidTransition('quote', quote.status, answer);
    // Accepting a distributor-backed quote stages an order and marks the quote `converted`.
    const distributorOrderId = answer === 'accepted' ? await stageQuoteOrder(tx, quote) : null;
    if (distributorOrderId) {
      const now = new Date();
      await tx.quote.update({ where: { id: quote.id }, data: { status: 'converted', respondedAt: now, convertedAt: now, distributorOrderId } });
      return answer;
    }
    await tx.quote.update({ where: { id: quote.id }, data: { status: answer, respondedAt: new Date() } });
    return answer;
  });
  if (outcome === 'expired') throw quoteExpired();
  return getDetail(quoteId);
}

export function acceptOrDeclineQuote(ctx: ActorContext, id: string, answer: 'accepted' | 'declined') {
  return respondToQuote(id, answer, (tx) => lockQuoteOrThrow(ctx, id, tx));
}

export async function deleteQuoteIn(tx: Tx, ctx: ActorContext, id: string): Promise<BulkOutcome> {
  assertQuoteDraft(await lockQuoteOrThrow(ctx, id, tx));
  await tx.quote.delete({ where: { id } });
  return 'updated';
}

export async function deleteQuote(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction((tx) => deleteQuoteIn(tx, ctx, id));
}

/** Sweep: sent quotes past validUntil become expired. */
export async function expireQuotes(today = todayUtc()): Promise<number> {
  const r = await db.quote.updateMany({ where: { status: 'sent', validUntil: { lt: today } }, data: { status: 'expired' } });
  return r.count;
}
