// GET /api/v1/quotes/:id/pdf — the quote as a PDF.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { getQuoteOrThrow } from '@/lib/quotes/get-quote-or-throw';
import { renderQuotePdf } from '@/lib/billing/pdf/render-quote-pdf';
import { pdfResponse } from '@/lib/pdf/pdf-response';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZIdParams,
  summary: 'Download a quote as PDF',
  description: '`application/pdf`, rendered on the server (no browser): branding name, blocks, lines and exact totals.',
  tags: ['Billing'],
  handler: async ({ ctx, params }) => pdfResponse(await renderQuotePdf(await getQuoteOrThrow(ctx, params.id)), `quote-${params.id.slice(0, 8)}.pdf`),
});
