// The customer's invoice page behind the durable link (GET /invoices/:id/public-link).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AppError } from '@/lib/http/errors';
import { getPublicInvoice } from '@/lib/invoices/public-invoice';
import { DocumentView } from '@/components/billing/document-view';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Invoice', robots: { index: false } };

type Props = { params: Promise<{ token: string }> };

async function load(token: string) {
  try {
    return (await getPublicInvoice(token)).data;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}

export default async function PublicInvoicePage({ params }: Props) {
  const { token } = await params;
  const { invoice, customerName, branding, amountDue } = await load(token);
  const meta: [string, string][] = [];
  if (invoice.issueDate) meta.push(['Issued', invoice.issueDate]);
  if (invoice.dueDate) meta.push(['Due', invoice.dueDate]);
  if (invoice.periodStart && invoice.periodEnd) meta.push(['Period', `${invoice.periodStart} to ${invoice.periodEnd}`]);
  const banner =
    invoice.status === 'issued' ? (
      <p className="mt-4 rounded bg-slate-100 p-3 text-sm">
        Amount due: <strong>{amountDue} {invoice.currency}</strong>
        {invoice.dueDate ? ` by ${invoice.dueDate}` : ''}. Pay by bank transfer quoting {invoice.displayNumber}, or contact {branding.name}.
      </p>
    ) : (
      <p className="mt-4 rounded bg-slate-100 p-3 text-sm font-medium">{invoice.status === 'paid' ? 'Paid — thank you.' : 'This invoice has been voided.'}</p>
    );
  return (
    <DocumentView
      brand={branding}
      kind="Invoice"
      title={invoice.displayNumber ?? ''}
      customerName={customerName}
      meta={meta}
      currency={invoice.currency}
      lines={invoice.lines.map((l) => ({ id: l.id, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, taxRate: l.taxRate, amount: l.subtotal }))}
      totals={invoice}
      pdfHref={`/api/v1/public/invoices/${encodeURIComponent(token)}/pdf`}
      banner={banner}
    />
  );
}
