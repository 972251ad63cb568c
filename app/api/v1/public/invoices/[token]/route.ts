// GET /api/v1/public/invoices/:token — the customer's invoice view (no account; the link is the key).
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZTokenParams } from '@/lib/quotes/schemas';
import { getPublicInvoice } from '@/lib/invoices/public-invoice';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZTokenParams,
  summary: 'Customer view of an invoice (by link)',
  description: 'The token comes from `GET /invoices/:id/public-link` or the invoice email. Revoked (reset) and unknown links answer 404. Drafts are never shown.',
  tags: ['Billing'],
  response: z.object({ data: z.record(z.string(), z.unknown()) }),
  handler: ({ params }) => getPublicInvoice(params.token),
});
