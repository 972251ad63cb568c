import type { EmailMessage } from '@/lib/mail/schemas';
import { customerLinkUrl, mintLinkToken } from '@/lib/billing/customer-link';
import { renderInvoicePdf } from '@/lib/billing/pdf/render-invoice-pdf';
import { brandingForOrganization } from '@/lib/portal/branding/resolve-branding';
import { toInvoiceDto, type InvoiceWithLines } from '@/lib/invoices/to-invoice-dto';

/** The customer's copy of an issued invoice: its durable link and the PDF. */
export async function invoiceEmail(invoice: InvoiceWithLines): Promise<EmailMessage> {
  const dto = toInvoiceDto(invoice);
  const from = (await brandingForOrganization(invoice.orgId))?.branding.name ?? 'Your service provider';
  const link = customerLinkUrl('invoice', mintLinkToken('invoice', invoice.id, invoice.linkVersion));
  return {
    to: invoice.recipientEmail!,
    subject: `Invoice ${dto.displayNumber} from ${from}`,
    text: [
      `Invoice ${dto.displayNumber}: ${dto.total} ${dto.currency}, due ${dto.dueDate}.`,
      `View and pay it online: ${link}`,
      'The invoice is attached as a PDF.',
    ].join('\n\n'),
    attachments: [{ filename: `${dto.displayNumber}.pdf`, contentType: 'application/pdf', contentBase64: (await renderInvoicePdf(invoice)).toString('base64') }],
  };
}
