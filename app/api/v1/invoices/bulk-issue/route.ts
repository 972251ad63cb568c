// POST /api/v1/invoices/bulk-issue
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkResult, ZBulkIds } from '@/lib/billing/schemas';
import { bulkIssueInvoices } from '@/lib/invoices/bulk-invoices';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZBulkIds,
  summary: 'Issue many draft invoices',
  description: 'Up to 100 ids, each issued on its own (numbers stay sequential): `updated`, or `failed` with the single-call error (`NOT_FOUND`, `INVALID_STATUS_TRANSITION`, `INVOICE_EMPTY`). Repeated ids count once.',
  tags: ['Billing'],
  response: ZBulkResult,
  audit: 'invoice.bulk_issue',
  handler: ({ ctx, body }) => bulkIssueInvoices(ctx, body.ids),
});
