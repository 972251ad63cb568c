// POST /api/v1/quotes/:id/accept
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZQuoteDetail } from '@/lib/quotes/schemas';
import { acceptOrDeclineQuote } from '@/lib/quotes/quote-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Record that the customer accepted a sent quote',
  description: '409 `INVALID_STATUS_TRANSITION` unless sent; a quote past `validUntil` becomes `expired` and the answer is refused with 409 `QUOTE_EXPIRED`.',
  tags: ['Billing'],
  response: z.object({ data: ZQuoteDetail }),
  audit: 'quote.accept',
  handler: ({ ctx, params }) => acceptOrDeclineQuote(ctx, params.id, 'accepted'),
});
