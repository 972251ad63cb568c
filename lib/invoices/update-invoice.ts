import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { assertInvoiceDraft, lockInvoiceOrThrow } from '@/lib/invoices/get-invoice-or-throw';
import { invoiceInclude, toInvoiceDto } from '@/lib/invoices/to-invoice-dto';
import type { ZUpdateInvoice } from '@/lib/invoices/schemas';

export async function updateInvoice(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateInvoice>) {
  const invoice = await db.$transaction(async (tx) => {
    assertInvoiceDraft(await lockInvoiceOrThrow(ctx, id, tx));
    return tx.invoice.update({ where: { id }, data: input, include: invoiceInclude });
  });
  return { data: toInvoiceDto(invoice) };
}
