// GET /quotes/:id/public-link — the link the customer answers a sent quote through, for staff to
// share by hand (the send email carries the same one). Minted, never stored: durable per version.
import type { ScopedContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { customerLinkUrl, mintLinkToken } from '@/lib/billing/customer-link';
import { getQuoteOrThrow } from '@/lib/quotes/get-quote-or-throw';

export async function getQuotePublicLink(ctx: ScopedContext, id: string) {
  const quote = await getQuoteOrThrow(ctx, id);
  // The public page refuses drafts, so a draft's link would only ever answer 404.
  if (quote.status === 'draft') throw conflict('A draft quote has no customer link; send it first', 'QUOTE_NOT_SENT');
  const token = mintLinkToken('quote', quote.id, quote.linkVersion);
  return { data: { url: customerLinkUrl('quote', token), token, linkVersion: quote.linkVersion } };
}
