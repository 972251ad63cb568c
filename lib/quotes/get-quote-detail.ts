// GET /quotes/:id — doc 2 "Quote detail": { quote, blocks, lines, branding, distributorOrderId,
// distributorOrderLineCount }.
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { brandingForOrganization } from '@/lib/portal/branding/resolve-branding';
import { defaultBranding } from '@/lib/portal/branding/effective-branding';
import { getQuoteOrThrow } from '@/lib/quotes/get-quote-or-throw';
import { toQuoteBlockDto, toQuoteDto, toQuoteLineDto, type QuoteWithParts } from '@/lib/quotes/to-quote-dto';

export async function quoteDetail(quote: QuoteWithParts) {
  const branding = (await brandingForOrganization(quote.orgId))?.branding ?? defaultBranding();
  return {
    quote: toQuoteDto(quote),
    blocks: quote.blocks.map(toQuoteBlockDto),
    lines: quote.lines.map(toQuoteLineDto),
    branding: { name: branding.name, logoUrl: branding.logoUrl, colors: branding.colors, support: branding.support },
    distributorOrderId: quote.distributorOrderId,
    distributorOrderLineCount: quote.distributorOrderId ? await db.distributorOrderLine.count({ where: { orderId: quote.distributorOrderId } }) : 0,
  };
}

export async function getQuoteDetail(ctx: ScopedContext, id: string) {
  return { data: await quoteDetail(await getQuoteOrThrow(ctx, id)) };
}
