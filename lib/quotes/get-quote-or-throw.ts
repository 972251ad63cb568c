import type { DbOrTx, Tx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { documentWhere } from '@/lib/billing/billing-scope';
import { quoteInclude, type QuoteWithParts } from '@/lib/quotes/to-quote-dto';

export async function getQuoteOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<QuoteWithParts> {
  const quote = await client.quote.findFirst({ where: { id, ...documentWhere(ctx) }, include: quoteInclude });
  if (!quote) throw notFound('Quote');
  return quote;
}

export async function lockQuoteOrThrow(ctx: ScopedContext, id: string, tx: Tx): Promise<QuoteWithParts> {
  await tx.$executeRaw`select 1 from quotes where id = ${id}::uuid for update`;
  return getQuoteOrThrow(ctx, id, tx);
}

export function assertQuoteDraft(q: { status: string }) {
  if (q.status !== 'draft') throw conflict(`Only a draft quote can be changed (this one is ${q.status})`, 'QUOTE_NOT_DRAFT', { status: q.status });
}
