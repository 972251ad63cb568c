// POST/PATCH/DELETE /invoices/:id/lines[/:lineId]: draft invoices only, manual and one-time lines.
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { resolveNewLine, resolvePatchedLine, invalidLinePatch } from '@/lib/billing/resolve-line';
import { lineStateOf } from '@/lib/billing/line-state';
import { assertInvoiceDraft, lockInvoiceOrThrow } from '@/lib/invoices/get-invoice-or-throw';
import { toInvoiceLineDto, type InvoiceWithLines } from '@/lib/invoices/to-invoice-dto';
import { invoiceLineColumns } from '@/lib/invoices/invoice-line-columns';
import type { ZCreateInvoiceLine, ZUpdateInvoiceLine } from '@/lib/invoices/schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const invoiceLineNotFound = () => new AppError('INVOICE_LINE_NOT_FOUND', 404, 'Invoice line not found');

async function draftInvoice(tx: Tx, ctx: ActorContext, id: string) {
  const invoice = await lockInvoiceOrThrow(ctx, id, tx);
  assertInvoiceDraft(invoice);
  return invoice;
}

export function findInvoiceLine(invoice: InvoiceWithLines, lineId: string) {
  const line = UUID.test(lineId) ? invoice.lines.find((l) => l.id === lineId.toLowerCase()) : undefined;
  if (!line) throw invoiceLineNotFound();
  return line;
}

export async function addInvoiceLine(ctx: ActorContext, invoiceId: string, input: z.output<typeof ZCreateInvoiceLine>) {
  const line = await db.$transaction(async (tx) => {
    const invoice = await draftInvoice(tx, ctx, invoiceId);
    const s = await resolveNewLine(tx, invoice, input.type, input);
    return tx.invoiceLine.create({ data: { invoiceId, type: s.type, ...invoiceLineColumns(s) } });
  });
  return { data: toInvoiceLineDto(line) };
}

export async function updateInvoiceLine(ctx: ActorContext, invoiceId: string, lineId: string, input: z.output<typeof ZUpdateInvoiceLine>) {
  const line = await db.$transaction(async (tx) => {
    const invoice = await draftInvoice(tx, ctx, invoiceId);
    const current = findInvoiceLine(invoice, lineId);
    if (current.type === 'per_device') throw invalidLinePatch('Generated per-device lines are not edited: remove the line, or fix the contract and regenerate');
    const state = lineStateOf({ ...current, deviceSetType: null, siteId: null, groupId: null, roles: [], includedQuantity: null, overageMode: null, overagePrice: null }, current.quantity);
    const s = await resolvePatchedLine(tx, invoice, state, input);
    return tx.invoiceLine.update({ where: { id: current.id }, data: invoiceLineColumns(s) });
  });
  return { data: toInvoiceLineDto(line) };
}

export async function deleteInvoiceLine(ctx: ActorContext, invoiceId: string, lineId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const invoice = await draftInvoice(tx, ctx, invoiceId);
    await tx.invoiceLine.delete({ where: { id: findInvoiceLine(invoice, lineId).id } });
  });
}
