// The customer's quote page behind the link in the quote email: review, accept or decline.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AppError } from '@/lib/http/errors';
import { getPublicQuote } from '@/lib/quotes/public-quote';
import { DocumentView } from '@/components/billing/document-view';
import { QuoteResponse } from '@/components/billing/quote-response';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Quote', robots: { index: false } };

type Props = { params: Promise<{ token: string }> };

async function load(token: string) {
  try {
    return (await getPublicQuote(token)).data;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}

const STATUS_TEXT: Record<string, string> = { accepted: 'You accepted this quote — thank you.', converted: 'You accepted this quote — thank you.', declined: 'You declined this quote.', expired: 'This quote has expired.' };

export default async function PublicQuotePage({ params }: Props) {
  const { token } = await params;
  const { quote, customerName, blocks, lines, branding } = await load(token);
  const meta: [string, string][] = quote.validUntil ? [['Valid until', quote.validUntil]] : [];
  return (
    <DocumentView
      brand={branding}
      kind="Quote"
      title={quote.title}
      customerName={customerName}
      meta={meta}
      currency={quote.currency}
      lines={lines.map((l) => ({ id: l.id, description: l.description, quantity: l.type === 'per_device' ? String(l.includedQuantity ?? 0) : l.quantity, unitPrice: l.unitPrice, taxRate: l.taxRate, amount: l.amount }))}
      totals={quote}
      pdfHref={`/api/v1/public/quotes/${encodeURIComponent(token)}/pdf`}
      banner={
        <>
          {blocks.map((b) => (
            <section key={b.id} className="mt-4">
              <h2 className="font-semibold">{b.title}</h2>
              <p className="whitespace-pre-line text-sm text-slate-700">{b.body}</p>
            </section>
          ))}
          {STATUS_TEXT[quote.status] ? <p className="mt-4 rounded bg-slate-100 p-3 text-sm font-medium">{STATUS_TEXT[quote.status]}</p> : null}
        </>
      }
    >
      {quote.status === 'sent' ? <QuoteResponse token={token} primary={branding.colors.primary} primaryText={branding.colors.primaryText} /> : null}
    </DocumentView>
  );
}
