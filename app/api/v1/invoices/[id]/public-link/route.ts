// GET /api/v1/invoices/:id/public-link — the durable customer link.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPublicLink } from '@/lib/invoices/schemas';
import { getInvoicePublicLink } from '@/lib/invoices/invoice-links';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZIdParams,
  summary: 'Get the customer’s view-and-pay link',
  description: 'The same link every time until `POST /invoices/:id/reset-link` (durable; nothing is stored per link). The page at the link renders the invoice with the amount due and a PDF download; it needs no account. 409 `INVOICE_NOT_ISSUED` for drafts.',
  tags: ['Billing'],
  response: z.object({ data: ZPublicLink }),
  handler: ({ ctx, params }) => getInvoicePublicLink(ctx, params.id),
});
