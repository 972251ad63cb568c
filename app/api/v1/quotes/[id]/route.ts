// /api/v1/quotes/:id — one quote in the detail shape of doc 2.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZQuoteDetail, ZUpdateQuote } from '@/lib/quotes/schemas';
import { getQuoteDetail } from '@/lib/quotes/get-quote-detail';
import { updateQuote } from '@/lib/quotes/update-quote';
import { deleteQuote } from '@/lib/quotes/quote-status';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZIdParams,
  summary: 'Get a quote',
  description: '`{ data: { quote: { id, status, … }, blocks, lines, branding, distributorOrderId, distributorOrderLineCount } }`. `distributorOrderId` is null and `distributorOrderLineCount` 0 when no distributor-backed order was staged. `branding` is the organization’s effective portal branding.',
  tags: ['Billing'],
  response: z.object({ data: ZQuoteDetail }),
  handler: ({ ctx, params }) => getQuoteDetail(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZUpdateQuote,
  summary: 'Update a draft quote',
  description: '409 `QUOTE_NOT_DRAFT` once sent. Currency changes through `POST /quotes/:id/currency`.',
  tags: ['Billing'],
  response: z.object({ data: ZQuoteDetail }),
  audit: 'quote.update',
  handler: ({ ctx, params, body }) => updateQuote(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Delete a draft quote',
  description: 'Drafts only (409 `QUOTE_NOT_DRAFT`). 204.',
  tags: ['Billing'],
  audit: 'quote.delete',
  handler: ({ ctx, params }) => deleteQuote(ctx, params.id),
});
