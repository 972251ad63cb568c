// /api/v1/quotes — quotes with blocks, lines and branding.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateQuote, ZListQuotesQuery, ZQuote, ZQuoteDetail } from '@/lib/quotes/schemas';
import { listQuotes } from '@/lib/quotes/list-quotes';
import { createQuote } from '@/lib/quotes/create-quote';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  query: ZListQuotesQuery,
  summary: 'List quotes',
  description: 'Quotes of the organizations in the caller’s scope, newest first, with exact totals (per-device lines priced at their included quantity).',
  tags: ['Billing'],
  response: ZPageOf(ZQuote),
  handler: ({ ctx, query }) => listQuotes(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZCreateQuote,
  status: 201,
  summary: 'Create a draft quote',
  description: [
    'Statuses: `draft` → `sent` (`POST /quotes/:id/send`: emails the recipient a link to accept or decline) → `accepted` or `declined` (the customer through the link, or staff with `POST /quotes/:id/accept|decline`) or `expired` (past `validUntil`) → `converted` (`POST /quotes/:id/convert`: recurring lines become a draft contract, one-time lines a draft invoice). Only drafts are edited or deleted (409 `QUOTE_NOT_DRAFT`).',
    'Blocks are titled text sections; lines follow the line rules of contracts (types `manual`, `per_device`, `one_time`). Answers the detail shape of `GET /quotes/:id`.',
    '409 `service_management_off` when the partner’s service-management mode is `off`.',
  ].join('\n\n'),
  tags: ['Billing'],
  response: z.object({ data: ZQuoteDetail }),
  audit: 'quote.create',
  handler: ({ ctx, body }) => createQuote(ctx, body),
});
