import type { EmailMessage } from '@/lib/mail/schemas';
import { customerLinkUrl, mintLinkToken } from '@/lib/billing/customer-link';
import { brandingForOrganization } from '@/lib/portal/branding/resolve-branding';
import { toQuoteDto, type QuoteWithParts } from '@/lib/quotes/to-quote-dto';

/** The customer's copy of a sent quote, with the link that accepts or declines it. */
export async function quoteEmail(quote: QuoteWithParts): Promise<EmailMessage> {
  const dto = toQuoteDto(quote);
  const from = (await brandingForOrganization(quote.orgId))?.branding.name ?? 'Your service provider';
  const link = customerLinkUrl('quote', mintLinkToken('quote', quote.id, quote.linkVersion));
  return {
    to: quote.recipientEmail!,
    subject: `Quote: ${quote.title}`,
    text: [
      `${from} sent you a quote: ${quote.title}`,
      `Total: ${dto.total} ${quote.currency}${dto.validUntil ? ` (valid until ${dto.validUntil})` : ''}`,
      `Review it, then accept or decline: ${link}`,
    ].join('\n\n'),
  };
}
