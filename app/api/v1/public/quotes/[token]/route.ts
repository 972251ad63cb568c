// GET /api/v1/public/quotes/:token — the customer's view of a sent quote (by link).
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZTokenParams } from '@/lib/quotes/schemas';
import { getPublicQuote } from '@/lib/quotes/public-quote';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZTokenParams,
  summary: 'Customer view of a quote (by link)',
  description: 'The link comes with the quote email. Unknown links answer 404; drafts are never shown.',
  tags: ['Billing'],
  response: z.object({ data: z.record(z.string(), z.unknown()) }),
  handler: ({ params }) => getPublicQuote(params.token),
});
