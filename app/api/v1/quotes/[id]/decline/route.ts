// POST /api/v1/quotes/:id/decline
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZQuoteDetail } from '@/lib/quotes/schemas';
import { acceptOrDeclineQuote } from '@/lib/quotes/quote-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Record that the customer declined a sent quote',
  description: '409 `INVALID_STATUS_TRANSITION` unless sent; 409 `QUOTE_EXPIRED` past `validUntil`.',
  tags: ['Billing'],
  response: z.object({ data: ZQuoteDetail }),
  audit: 'quote.decline',
  handler: ({ ctx, params }) => acceptOrDeclineQuote(ctx, params.id, 'declined'),
});
