// /api/v1/quotes/:id/lines/:lineId — strict line patch, or removal.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZQuoteLine, ZQuoteLineParams, ZUpdateQuoteLine } from '@/lib/quotes/schemas';
import { deleteQuoteLine, updateQuoteLine } from '@/lib/quotes/quote-lines';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZQuoteLineParams,
  body: ZUpdateQuoteLine,
  summary: 'Edit a quote line (strict)',
  description: 'Strict body: an unrecognised key gives 400. Device-set fields (`roles`, `groupId`, `siteId`, `includedQuantity`, `overageMode`, `overagePrice`) are patchable; `type` and the device-set type (`deviceSetType`) are not (400 `INVALID_LINE_PATCH`, also for an empty patch or fields of another line kind). 404 `LINE_NOT_FOUND`; 409 `QUOTE_NOT_DRAFT`.',
  tags: ['Billing'],
  response: z.object({ data: ZQuoteLine }),
  audit: 'quote.line_update',
  handler: ({ ctx, params, body }) => updateQuoteLine(ctx, params.id, params.lineId, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZQuoteLineParams,
  summary: 'Remove a quote line',
  description: '404 `LINE_NOT_FOUND`; 409 `QUOTE_NOT_DRAFT`. 204.',
  tags: ['Billing'],
  audit: 'quote.line_delete',
  handler: ({ ctx, params }) => deleteQuoteLine(ctx, params.id, params.lineId),
});
