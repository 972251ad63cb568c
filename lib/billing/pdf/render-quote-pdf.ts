import { db } from '@/lib/db';
import { renderDocumentPdf } from '@/lib/billing/pdf/render-document-pdf';
import { quoteDetail } from '@/lib/quotes/get-quote-detail';
import type { QuoteWithParts } from '@/lib/quotes/to-quote-dto';

const KIND_NOTE = { manual: 'monthly', per_device: 'monthly, per device', one_time: 'one-time' } as const;

export async function renderQuotePdf(quote: QuoteWithParts): Promise<Buffer> {
  const detail = await quoteDetail(quote);
  const org = await db.organization.findUnique({ where: { id: quote.orgId }, select: { name: true } });
  const q = detail.quote;
  const meta: [string, string][] = [['Currency', q.currency]];
  if (q.validUntil) meta.unshift(['Valid until', q.validUntil]);
  return renderDocumentPdf({
    kind: 'Quote',
    title: q.title,
    brandName: detail.branding.name,
    customerName: org?.name ?? '',
    currency: q.currency,
    meta,
    blocks: detail.blocks.map((b) => ({ title: b.title, body: b.body })),
    lines: detail.lines.map((l) => ({
      description: `${l.description} (${KIND_NOTE[l.type]}${l.type === 'per_device' ? `, ${l.includedQuantity} included` : ''})`,
      quantity: l.type === 'per_device' ? String(l.includedQuantity ?? 0) : (l.quantity ?? ''),
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      amount: l.amount,
    })),
    totals: { subtotal: q.subtotal, tax: q.taxTotal, total: q.total },
    notes: q.notes || undefined,
    status: ['declined', 'expired'].includes(q.status) ? q.status : undefined,
  });
}
