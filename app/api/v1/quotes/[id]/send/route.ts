// POST /api/v1/quotes/:id/send
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZQuoteDetail } from '@/lib/quotes/schemas';
import { sendQuote } from '@/lib/quotes/quote-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Send a draft quote',
  description: 'Emails `recipientEmail` the quote with a link where the customer accepts or declines it. 409 `INVALID_STATUS_TRANSITION` unless draft, `QUOTE_EMPTY` without lines, `NO_RECIPIENT` without a recipient, `QUOTE_EXPIRED` when `validUntil` has passed.',
  tags: ['Billing'],
  response: z.object({ data: ZQuoteDetail }),
  audit: 'quote.send',
  handler: ({ ctx, params }) => sendQuote(ctx, params.id),
});
