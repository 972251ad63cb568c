// GET /api/v1/public/invoices/:token/pdf — the customer's PDF (by link).
import { defineRoute } from '@/lib/http/define-route';
import { ZTokenParams } from '@/lib/quotes/schemas';
import { findInvoiceByToken } from '@/lib/invoices/public-invoice';
import { renderInvoicePdf } from '@/lib/billing/pdf/render-invoice-pdf';
import { pdfResponse } from '@/lib/pdf/pdf-response';
import { displayNumber } from '@/lib/invoices/to-invoice-dto';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZTokenParams,
  summary: 'Customer PDF of an invoice (by link)',
  tags: ['Billing'],
  handler: async ({ params }) => {
    const invoice = await findInvoiceByToken(params.token);
    return pdfResponse(await renderInvoicePdf(invoice), `${displayNumber(invoice.number)}.pdf`);
  },
});
