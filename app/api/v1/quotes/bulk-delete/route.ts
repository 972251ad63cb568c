// POST /api/v1/quotes/bulk-delete — delete many draft quotes.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkIds, ZBulkResult } from '@/lib/billing/schemas';
import { bulkDeleteQuotes } from '@/lib/quotes/bulk-quotes';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZBulkIds,
  summary: 'Delete many draft quotes',
  description: 'Drafts only: `updated` (deleted) or `failed` (`NOT_FOUND`, `QUOTE_NOT_DRAFT`). Repeated ids count once.',
  tags: ['Billing'],
  response: ZBulkResult,
  audit: 'quote.bulk_delete',
  handler: ({ ctx, body }) => bulkDeleteQuotes(ctx, body.ids),
});
