// Invoice statuses: draft → issued (number, dates and sent timestamp stamped once) → paid, or
// issued → void (with a reason). Only drafts are edited or deleted.
import type { Tx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { enqueueEmail } from '@/lib/mail/enqueue-email';
import type { BulkOutcome } from '@/lib/billing/run-bulk';
import { invalidTransition } from '@/lib/contracts/get-contract-or-throw';
import { todayUtc } from '@/lib/quotes/quote-status';
import { assertInvoiceDraft, lockInvoiceOrThrow } from '@/lib/invoices/get-invoice-or-throw';
import { invoiceInclude, toInvoiceDto } from '@/lib/invoices/to-invoice-dto';
import { invoiceEmail } from '@/lib/invoices/invoice-email';

/** Concurrent issuers queue on the partner's counter row; give them time rather than a 503. */
export const ISSUE_TX = { maxWait: 15_000, timeout: 20_000 };

/** Hands out the partner's next invoice number; the counter row stays locked until commit, and a rollback returns it. */
async function nextInvoiceNumber(tx: Tx, partnerId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ last_number: number }[]>`
    insert into invoice_number_counters (partner_id, last_number) values (${partnerId}::uuid, 1)
    on conflict (partner_id) do update set last_number = invoice_number_counters.last_number + 1
    returning last_number`;
  return rows[0].last_number;
}

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

export async function issueInvoiceIn(tx: Tx, ctx: ActorContext, id: string): Promise<BulkOutcome> {
  const invoice = await lockInvoiceOrThrow(ctx, id, tx);
  if (invoice.status !== 'draft') throw invalidTransition('invoice', invoice.status, 'issued');
  if (!invoice.lines.length) throw conflict('An invoice without lines cannot be issued', 'INVOICE_EMPTY');
  const number = await nextInvoiceNumber(tx, invoice.partnerId);
  const issueDate = todayUtc();
  const issued = await tx.invoice.update({
    where: { id },
    data: { status: 'issued', number, issueDate, dueDate: addDays(issueDate, invoice.paymentTermsDays), sentAt: invoice.recipientEmail ? new Date() : null },
    include: invoiceInclude,
  });
  if (issued.recipientEmail) await enqueueEmail(tx, await invoiceEmail(issued));
  return 'updated';
}

async function detail(id: string) {
  return { data: toInvoiceDto(await db.invoice.findUniqueOrThrow({ where: { id }, include: invoiceInclude })) };
}

export async function issueInvoice(ctx: ActorContext, id: string) {
  await db.$transaction((tx) => issueInvoiceIn(tx, ctx, id), ISSUE_TX);
  return detail(id);
}

export async function voidInvoiceIn(tx: Tx, ctx: ActorContext, id: string, reason: string, bulk = false): Promise<BulkOutcome> {
  const invoice = await lockInvoiceOrThrow(ctx, id, tx);
  if (invoice.status === 'void' && bulk) return 'skipped';
  if (invoice.status !== 'issued') throw invalidTransition('invoice', invoice.status, 'void');
  await tx.invoice.update({ where: { id }, data: { status: 'void', voidedAt: new Date(), voidReason: reason } });
  return 'updated';
}

export async function voidInvoice(ctx: ActorContext, id: string, reason: string) {
  await db.$transaction((tx) => voidInvoiceIn(tx, ctx, id, reason));
  return detail(id);
}

export async function markInvoicePaid(ctx: ActorContext, id: string, paidAt: string | undefined) {
  await db.$transaction(async (tx) => {
    const invoice = await lockInvoiceOrThrow(ctx, id, tx);
    if (invoice.status !== 'issued') throw invalidTransition('invoice', invoice.status, 'paid');
    await tx.invoice.update({ where: { id }, data: { status: 'paid', paidAt: paidAt ? new Date(paidAt) : new Date() } });
  });
  return detail(id);
}

export async function deleteInvoiceIn(tx: Tx, ctx: ActorContext, id: string): Promise<BulkOutcome> {
  const invoice = await lockInvoiceOrThrow(ctx, id, tx);
  assertInvoiceDraft(invoice);
  // A generated invoice gives its period back, so the next billing run can generate it again.
  if (invoice.periodId) await tx.contractPeriod.updateMany({ where: { id: invoice.periodId }, data: { invoiceId: null } });
  await tx.invoice.delete({ where: { id } });
  return 'updated';
}

export async function deleteInvoice(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction((tx) => deleteInvoiceIn(tx, ctx, id));
}

/** Re-emails an issued (or paid) invoice: number, dates and the first sent timestamp stay as they were. */
export async function resendInvoice(ctx: ActorContext, id: string) {
  await db.$transaction(async (tx) => {
    const invoice = await lockInvoiceOrThrow(ctx, id, tx);
    if (invoice.status !== 'issued' && invoice.status !== 'paid') throw conflict(`A ${invoice.status} invoice cannot be resent`, 'INVOICE_NOT_ISSUED', { status: invoice.status });
    if (!invoice.recipientEmail) throw conflict('Set recipientEmail before resending', 'NO_RECIPIENT');
    const now = new Date();
    await tx.invoice.update({ where: { id }, data: { lastResentAt: now, resendCount: { increment: 1 }, ...(invoice.sentAt ? {} : { sentAt: now }) } });
    await enqueueEmail(tx, await invoiceEmail(invoice));
  });
  return detail(id);
}
