import { db } from '@/lib/db';
import { brandingForOrganization } from '@/lib/portal/branding/resolve-branding';
import { renderDocumentPdf } from '@/lib/billing/pdf/render-document-pdf';
import { toInvoiceDto, type InvoiceWithLines } from '@/lib/invoices/to-invoice-dto';

export async function renderInvoicePdf(invoice: InvoiceWithLines): Promise<Buffer> {
  const dto = toInvoiceDto(invoice);
  const [org, branding] = await Promise.all([
    db.organization.findUnique({ where: { id: invoice.orgId }, select: { name: true } }),
    brandingForOrganization(invoice.orgId),
  ]);
  const meta: [string, string][] = [];
  if (dto.issueDate) meta.push(['Issue date', dto.issueDate]);
  if (dto.dueDate) meta.push(['Due date', dto.dueDate]);
  if (dto.periodStart && dto.periodEnd) meta.push(['Billing period', `${dto.periodStart} to ${dto.periodEnd}`]);
  meta.push(['Currency', dto.currency]);
  return renderDocumentPdf({
    kind: 'Invoice',
    title: dto.displayNumber ?? 'Draft',
    brandName: branding?.branding.name ?? 'Invoice',
    customerName: org?.name ?? '',
    currency: dto.currency,
    meta,
    lines: dto.lines.map((l) => ({
      description: l.overageQuantity ? `${l.description} (incl. ${l.overageQuantity} overage × ${l.overageUnitPrice})` : l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      amount: l.subtotal,
    })),
    totals: { subtotal: dto.subtotal, tax: dto.taxTotal, total: dto.total },
    notes: dto.notes || undefined,
    status: dto.status === 'void' ? 'void' : dto.status === 'paid' ? 'paid' : dto.status === 'draft' ? 'draft' : undefined,
  });
}
