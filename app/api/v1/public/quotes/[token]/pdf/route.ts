// GET /api/v1/public/quotes/:token/pdf — the customer's PDF of a quote (by link).
import { defineRoute } from '@/lib/http/define-route';
import { ZTokenParams } from '@/lib/quotes/schemas';
import { findQuoteByToken } from '@/lib/quotes/public-quote';
import { renderQuotePdf } from '@/lib/billing/pdf/render-quote-pdf';
import { pdfResponse } from '@/lib/pdf/pdf-response';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZTokenParams,
  summary: 'Customer PDF of a quote (by link)',
  tags: ['Billing'],
  handler: async ({ params }) => {
    const quote = await findQuoteByToken(params.token);
    return pdfResponse(await renderQuotePdf(quote), `quote-${quote.id.slice(0, 8)}.pdf`);
  },
});
