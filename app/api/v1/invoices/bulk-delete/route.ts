// POST /api/v1/invoices/bulk-delete
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkResult, ZBulkIds } from '@/lib/billing/schemas';
import { bulkDeleteInvoices } from '@/lib/invoices/bulk-invoices';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZBulkIds,
  summary: 'Delete many draft invoices',
  description: '`updated` (deleted) or `failed` (`NOT_FOUND`, `INVOICE_NOT_DRAFT`).',
  tags: ['Billing'],
  response: ZBulkResult,
  audit: 'invoice.bulk_delete',
  handler: ({ ctx, body }) => bulkDeleteInvoices(ctx, body.ids),
});
