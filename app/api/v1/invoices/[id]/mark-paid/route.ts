// POST /api/v1/invoices/:id/mark-paid
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZInvoice, ZMarkPaid } from '@/lib/invoices/schemas';
import { markInvoicePaid } from '@/lib/invoices/invoice-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZMarkPaid,
  summary: 'Mark an issued invoice paid',
  description: 'Optional `paidAt` (default now). 409 `INVALID_STATUS_TRANSITION` unless issued.',
  tags: ['Billing'],
  response: z.object({ data: ZInvoice }),
  audit: 'invoice.paid',
  handler: ({ ctx, params, body }) => markInvoicePaid(ctx, params.id, body.paidAt),
});
