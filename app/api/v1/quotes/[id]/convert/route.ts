// POST /api/v1/quotes/:id/convert
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZQuoteDetail } from '@/lib/quotes/schemas';
import { convertQuote, ZConvertQuote } from '@/lib/quotes/convert-quote';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZConvertQuote,
  summary: 'Convert an accepted quote',
  description: 'Recurring lines (`manual`, `per_device`) become a draft contract (name = quote title, `startDate` from the body or today) and one-time lines a draft invoice; the quote becomes `converted` with `contractId`/`invoiceId`. Sites and groups of per-device lines are checked again (400 `SITE_NOT_IN_ORG` / `GROUP_NOT_IN_ORG`). 409 `INVALID_STATUS_TRANSITION` unless accepted.',
  tags: ['Billing'],
  response: z.object({ data: ZQuoteDetail }),
  audit: 'quote.convert',
  handler: ({ ctx, params, body }) => convertQuote(ctx, params.id, body),
});
