// POST /api/v1/invoices/bulk-void
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkResult } from '@/lib/billing/schemas';
import { ZBulkVoidInvoices } from '@/lib/invoices/schemas';
import { bulkVoidInvoices } from '@/lib/invoices/bulk-invoices';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZBulkVoidInvoices,
  summary: 'Void many issued invoices with a shared reason',
  description: 'Body `{ ids, reason }`. `updated`, `skipped` (already void) or `failed` (`NOT_FOUND`, `INVALID_STATUS_TRANSITION` for drafts and paid invoices).',
  tags: ['Billing'],
  response: ZBulkResult,
  audit: 'invoice.bulk_void',
  handler: ({ ctx, body }) => bulkVoidInvoices(ctx, body.ids, body.reason),
});
