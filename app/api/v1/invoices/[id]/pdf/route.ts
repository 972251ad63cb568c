// GET /api/v1/invoices/:id/pdf — the invoice as a PDF.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { getInvoiceOrThrow } from '@/lib/invoices/get-invoice-or-throw';
import { renderInvoicePdf } from '@/lib/billing/pdf/render-invoice-pdf';
import { pdfResponse } from '@/lib/pdf/pdf-response';
import { displayNumber } from '@/lib/invoices/to-invoice-dto';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZIdParams,
  summary: 'Download an invoice as PDF',
  description: '`application/pdf`, rendered on the server (no browser). Drafts render marked DRAFT.',
  tags: ['Billing'],
  handler: async ({ ctx, params }) => {
    const invoice = await getInvoiceOrThrow(ctx, params.id);
    return pdfResponse(await renderInvoicePdf(invoice), `${displayNumber(invoice.number) ?? `invoice-draft-${invoice.id.slice(0, 8)}`}.pdf`);
  },
});
