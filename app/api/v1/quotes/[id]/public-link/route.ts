// GET /api/v1/quotes/:id/public-link — the customer's accept-or-decline link.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPublicLink } from '@/lib/invoices/schemas';
import { getQuotePublicLink } from '@/lib/quotes/quote-links';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZIdParams,
  summary: 'Get the customer’s link to a sent quote',
  description: 'The link emailed at send, where the customer views the quote and accepts or declines it without an account; the same link every time. 409 `QUOTE_NOT_SENT` for drafts.',
  tags: ['Billing'],
  response: z.object({ data: ZPublicLink }),
  handler: ({ ctx, params }) => getQuotePublicLink(ctx, params.id),
});
