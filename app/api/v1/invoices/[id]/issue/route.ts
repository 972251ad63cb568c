// POST /api/v1/invoices/:id/issue
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZInvoice } from '@/lib/invoices/schemas';
import { issueInvoice } from '@/lib/invoices/invoice-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Issue a draft invoice',
  description: 'Assigns the partner’s next invoice number (sequential, gap-free under concurrency), the issue date (today, UTC), the due date and, with a recipient, the sent timestamp and the email (customer link and PDF). 409 `INVALID_STATUS_TRANSITION` unless draft; 409 `INVOICE_EMPTY` without lines.',
  tags: ['Billing'],
  response: z.object({ data: ZInvoice }),
  audit: 'invoice.issue',
  handler: ({ ctx, params }) => issueInvoice(ctx, params.id),
});
