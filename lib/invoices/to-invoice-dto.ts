import type { Invoice, InvoiceLine } from '@/lib/generated/prisma/client';
import { LINE_ORDER } from '@/lib/billing/line-state';
import { documentTotals, formatCents, formatRate, lineTotals, money, type PricedLine } from '@/lib/billing/money';
import type { TInvoice, TInvoiceLine } from '@/lib/invoices/schemas';

export type InvoiceWithLines = Invoice & { lines: InvoiceLine[] };
export const invoiceInclude = { lines: { orderBy: LINE_ORDER } };

const iso = (d: Date | null) => d?.toISOString() ?? null;
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export const displayNumber = (n: number | null) => (n === null ? null : `INV-${String(n).padStart(5, '0')}`);

export function pricedInvoiceLine(l: InvoiceLine): PricedLine {
  return { unitPrice: l.unitPrice, quantity: l.quantity, taxRate: l.taxRate, overageQuantity: l.overageQuantity, overageUnitPrice: l.overageUnitPrice };
}

export function toInvoiceLineDto(l: InvoiceLine): TInvoiceLine {
  const t = lineTotals(pricedInvoiceLine(l));
  return {
    id: l.id,
    invoiceId: l.invoiceId,
    type: l.type,
    catalogItemId: l.catalogItemId,
    contractLineId: l.contractLineId,
    description: l.description,
    unitPrice: money(l.unitPrice),
    quantity: money(l.quantity),
    overageQuantity: l.overageQuantity,
    overageUnitPrice: l.overageUnitPrice === null ? null : money(l.overageUnitPrice),
    taxRate: formatRate(l.taxRate),
    sortOrder: l.sortOrder,
    subtotal: formatCents(t.subtotal),
    taxAmount: formatCents(t.tax),
    total: formatCents(t.total),
    evidenceRecorded: l.evidenceRecorded,
  };
}

export function toInvoiceDto(i: InvoiceWithLines): TInvoice {
  const t = documentTotals(i.lines.map(pricedInvoiceLine));
  return {
    id: i.id,
    partnerId: i.partnerId,
    orgId: i.orgId,
    number: i.number,
    displayNumber: displayNumber(i.number),
    status: i.status,
    currency: i.currency,
    contractId: i.contractId,
    periodId: i.periodId,
    quoteId: i.quoteId,
    periodStart: day(i.periodStart),
    periodEnd: day(i.periodEnd),
    paymentTermsDays: i.paymentTermsDays,
    issueDate: day(i.issueDate),
    dueDate: day(i.dueDate),
    sentAt: iso(i.sentAt),
    lastResentAt: iso(i.lastResentAt),
    resendCount: i.resendCount,
    paidAt: iso(i.paidAt),
    voidedAt: iso(i.voidedAt),
    voidReason: i.voidReason,
    recipientEmail: i.recipientEmail,
    notes: i.notes,
    subtotal: formatCents(t.subtotal),
    taxTotal: formatCents(t.tax),
    total: formatCents(t.total),
    lines: i.lines.map(toInvoiceLineDto),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}
