import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { planCurrencyChange } from '@/lib/billing/plan-currency-change';
import type { ZCurrencyChange } from '@/lib/billing/schemas';
import { assertInvoiceDraft, lockInvoiceOrThrow } from '@/lib/invoices/get-invoice-or-throw';
import { invoiceInclude, toInvoiceDto } from '@/lib/invoices/to-invoice-dto';

export async function changeInvoiceCurrency(ctx: ActorContext, id: string, input: z.output<typeof ZCurrencyChange>) {
  const invoice = await db.$transaction(async (tx) => {
    const current = await lockInvoiceOrThrow(ctx, id, tx);
    assertInvoiceDraft(current);
    const lines = current.lines.map((l) => ({ ...l, overagePrice: l.overageUnitPrice }));
    const plan = await planCurrencyChange(tx, { ...current, currency: input.currency }, lines, input);
    if (plan.kind === 'clear') await tx.invoiceLine.deleteMany({ where: { invoiceId: id } });
    if (plan.kind === 'reprice') {
      for (const u of plan.updates) await tx.invoiceLine.update({ where: { id: u.id }, data: { unitPrice: u.unitPrice, overageUnitPrice: u.overagePrice } });
    }
    return tx.invoice.update({ where: { id }, data: { currency: input.currency }, include: invoiceInclude });
  });
  return { data: toInvoiceDto(invoice) };
}
