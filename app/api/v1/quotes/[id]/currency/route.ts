// POST /api/v1/quotes/:id/currency
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZQuoteDetail } from '@/lib/quotes/schemas';
import { ZCurrencyChange } from '@/lib/billing/schemas';
import { changeQuoteCurrency } from '@/lib/quotes/change-quote-currency';
import { CURRENCY_CHANGE_DOC } from '@/lib/billing/currency-change-doc';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZCurrencyChange,
  summary: 'Change a draft quote’s currency',
  description: `${CURRENCY_CHANGE_DOC} 409 \`QUOTE_NOT_DRAFT\` once sent.`,
  tags: ['Billing'],
  response: z.object({ data: ZQuoteDetail }),
  audit: 'quote.currency',
  handler: ({ ctx, params, body }) => changeQuoteCurrency(ctx, params.id, body),
});
