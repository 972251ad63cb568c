// POST /api/v1/quotes/bulk-send — send many draft quotes.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkIds, ZBulkResult } from '@/lib/billing/schemas';
import { bulkSendQuotes } from '@/lib/quotes/bulk-quotes';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZBulkIds,
  summary: 'Send many draft quotes',
  description: 'Up to 100 ids, each sent on its own: `updated`, or `failed` with the single-call error (`NOT_FOUND`, `INVALID_STATUS_TRANSITION`, `QUOTE_EMPTY`, `NO_RECIPIENT`, `QUOTE_EXPIRED`). Repeated ids count once.',
  tags: ['Billing'],
  response: ZBulkResult,
  audit: 'quote.bulk_send',
  handler: ({ ctx, body }) => bulkSendQuotes(ctx, body.ids),
});
