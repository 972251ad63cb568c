// The customer's side of a sent quote, through its link: view, accept or decline.
import type { Tx } from '@/lib/db';
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { readLinkToken } from '@/lib/billing/customer-link';
import { quoteInclude, type QuoteWithParts } from '@/lib/quotes/to-quote-dto';
import { quoteDetail } from '@/lib/quotes/get-quote-detail';
import { respondToQuote } from '@/lib/quotes/quote-status';

export async function findQuoteByToken(token: string, client: Tx | typeof db = db): Promise<QuoteWithParts> {
  const ref = readLinkToken('quote', token);
  if (ref && client !== db) await (client as Tx).$executeRaw`select 1 from quotes where id = ${ref.id}::uuid for update`;
  const quote = ref
    ? await client.quote.findFirst({
        where: { id: ref.id, linkVersion: ref.version, status: { not: 'draft' }, organization: { deletedAt: null, partner: { deletedAt: null } } },
        include: quoteInclude,
      })
    : null;
  if (!quote) throw notFound('Quote');
  return quote;
}

export async function getPublicQuote(token: string) {
  const found = await findQuoteByToken(token);
  const [detail, org] = await Promise.all([quoteDetail(found), db.organization.findUnique({ where: { id: found.orgId }, select: { name: true } })]);
  const { partnerId: _p, contractId: _c, invoiceId: _i, ...quote } = detail.quote;
  return { data: { quote, customerName: org?.name ?? '', blocks: detail.blocks, lines: detail.lines, branding: detail.branding } };
}

export async function respondToPublicQuote(token: string, answer: 'accepted' | 'declined') {
  const quote = await findQuoteByToken(token);
  await respondToQuote(quote.id, answer, (tx) => findQuoteByToken(token, tx));
  return getPublicQuote(token);
}
