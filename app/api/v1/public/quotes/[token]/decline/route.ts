// POST /api/v1/public/quotes/:token/decline — the customer declins a sent quote (by link).
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZTokenParams } from '@/lib/quotes/schemas';
import { respondToPublicQuote } from '@/lib/quotes/public-quote';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZTokenParams,
  errors: [409],
  summary: 'Customer: decline a quote',
  description: 'Only a sent quote answers (409 `INVALID_STATUS_TRANSITION` once accepted, declined or converted); past `validUntil` the quote becomes `expired` and the answer is refused with 409 `QUOTE_EXPIRED`.',
  tags: ['Billing'],
  response: z.object({ data: z.record(z.string(), z.unknown()) }),
  audit: 'quote.customer_decline',
  handler: ({ params }) => respondToPublicQuote(params.token, 'declined'),
});
