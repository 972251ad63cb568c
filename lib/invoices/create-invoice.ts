import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { assertBillingAllowed } from '@/lib/billing/assert-billing-allowed';
import { resolveNewLine } from '@/lib/billing/resolve-line';
import { inSentOrder } from '@/lib/billing/line-state';
import { orgIdFor } from '@/lib/contracts/create-contract';
import { invoiceInclude, toInvoiceDto } from '@/lib/invoices/to-invoice-dto';
import { invoiceLineColumns } from '@/lib/invoices/invoice-line-columns';
import type { ZCreateInvoice } from '@/lib/invoices/schemas';

/** The organization's billing contact email, when its billingContact JSON carries one. */
export function billingContactEmail(billingContact: unknown): string | null {
  const email = (billingContact as { email?: unknown } | null)?.email;
  return typeof email === 'string' && /^[^@\s]+@[^@\s]+$/.test(email) ? email.toLowerCase() : null;
}

export async function createInvoice(ctx: ActorContext, input: z.output<typeof ZCreateInvoice>) {
  const orgId = orgIdFor(ctx, input.orgId);
  const invoice = await db.$transaction(async (tx) => {
    const org = await getOrganizationOrThrow(ctx, orgId, tx);
    await assertBillingAllowed(tx, org.partnerId);
    const doc = { partnerId: org.partnerId, orgId: org.id, currency: input.currency };
    const lines = [];
    for (const line of input.lines) lines.push(await resolveNewLine(tx, doc, line.type, line));
    return tx.invoice.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        currency: input.currency,
        notes: input.notes,
        recipientEmail: input.recipientEmail !== undefined ? input.recipientEmail : billingContactEmail(org.billingContact),
        paymentTermsDays: input.paymentTermsDays,
        createdById: ctx.userId,
        lines: { create: inSentOrder(lines.map((s) => ({ type: s.type, ...invoiceLineColumns(s) }))) },
      },
      include: invoiceInclude,
    });
  });
  return { data: toInvoiceDto(invoice) };
}
