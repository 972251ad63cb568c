import type { DbOrTx, Tx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { documentWhere } from '@/lib/billing/billing-scope';
import { invoiceInclude, type InvoiceWithLines } from '@/lib/invoices/to-invoice-dto';

export async function getInvoiceOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<InvoiceWithLines> {
  const invoice = await client.invoice.findFirst({ where: { id, ...documentWhere(ctx) }, include: invoiceInclude });
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

export async function lockInvoiceOrThrow(ctx: ScopedContext, id: string, tx: Tx): Promise<InvoiceWithLines> {
  await tx.$executeRaw`select 1 from invoices where id = ${id}::uuid for update`;
  return getInvoiceOrThrow(ctx, id, tx);
}

export function assertInvoiceDraft(i: { status: string }) {
  if (i.status !== 'draft') throw conflict(`Only a draft invoice can be changed (this one is ${i.status})`, 'INVOICE_NOT_DRAFT', { status: i.status });
}
