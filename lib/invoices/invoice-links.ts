// GET /invoices/:id/public-link and POST /invoices/:id/reset-link.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { customerLinkUrl, mintLinkToken } from '@/lib/billing/customer-link';
import { getInvoiceOrThrow, lockInvoiceOrThrow } from '@/lib/invoices/get-invoice-or-throw';

function link(invoice: { id: string; linkVersion: number }) {
  const token = mintLinkToken('invoice', invoice.id, invoice.linkVersion);
  return { data: { url: customerLinkUrl('invoice', token), token, linkVersion: invoice.linkVersion } };
}

const notIssued = () => conflict('A draft invoice has no customer link; issue it first', 'INVOICE_NOT_ISSUED');

export async function getInvoicePublicLink(ctx: ScopedContext, id: string) {
  const invoice = await getInvoiceOrThrow(ctx, id);
  if (invoice.status === 'draft') throw notIssued();
  return link(invoice);
}

export async function resetInvoiceLink(ctx: ScopedContext, id: string) {
  const invoice = await db.$transaction(async (tx) => {
    const current = await lockInvoiceOrThrow(ctx, id, tx);
    if (current.status === 'draft') throw notIssued();
    return tx.invoice.update({ where: { id }, data: { linkVersion: { increment: 1 } } });
  });
  return link(invoice);
}
