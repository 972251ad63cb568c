import type { Quote, QuoteBlock, QuoteLine } from '@/lib/generated/prisma/client';
import { deviceSetDto, lineStateOf, LINE_ORDER } from '@/lib/billing/line-state';
import { documentTotals, formatCents, lineTotals, type PricedLine } from '@/lib/billing/money';
import type { LineState } from '@/lib/billing/line-fields';
import type { TQuote, TQuoteLine } from '@/lib/quotes/schemas';

export type QuoteWithParts = Quote & { lines: QuoteLine[]; blocks: QuoteBlock[] };
export const quoteInclude = { lines: { orderBy: LINE_ORDER }, blocks: { orderBy: [{ sortOrder: 'asc' as const }, { createdAt: 'asc' as const }, { id: 'asc' as const }] } };

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function quoteLineState(l: QuoteLine): LineState {
  return lineStateOf(l, l.type === 'per_device' ? null : l.quantity);
}

/** Per-device lines are priced at their included quantity on a quote (the estimate). */
export function pricedQuoteLine(s: LineState): PricedLine {
  return { unitPrice: s.unitPrice, quantity: s.type === 'per_device' ? String(s.includedQuantity ?? 0) : (s.quantity ?? '0'), taxRate: s.taxRate };
}

export function toQuoteLineDto(l: QuoteLine): TQuoteLine {
  const s = quoteLineState(l);
  return {
    id: l.id,
    quoteId: l.quoteId,
    blockId: l.blockId,
    type: s.type,
    catalogItemId: s.catalogItemId,
    description: s.description,
    unitPrice: s.unitPrice,
    quantity: s.quantity,
    taxRate: s.taxRate,
    sortOrder: s.sortOrder,
    ...deviceSetDto(s),
    amount: formatCents(lineTotals(pricedQuoteLine(s)).subtotal),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

export function toQuoteDto(q: Quote & { lines: QuoteLine[] }): TQuote {
  const totals = documentTotals(q.lines.map((l) => pricedQuoteLine(quoteLineState(l))));
  return {
    id: q.id,
    partnerId: q.partnerId,
    orgId: q.orgId,
    title: q.title,
    status: q.status,
    currency: q.currency,
    validUntil: q.validUntil ? q.validUntil.toISOString().slice(0, 10) : null,
    notes: q.notes,
    recipientEmail: q.recipientEmail,
    sentAt: iso(q.sentAt),
    respondedAt: iso(q.respondedAt),
    convertedAt: iso(q.convertedAt),
    contractId: q.contractId,
    invoiceId: q.invoiceId,
    subtotal: formatCents(totals.subtotal),
    taxTotal: formatCents(totals.tax),
    total: formatCents(totals.total),
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

export function toQuoteBlockDto(b: QuoteBlock) {
  return { id: b.id, title: b.title, body: b.body, sortOrder: b.sortOrder };
}
