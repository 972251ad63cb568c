// POST /api/v1/invoices/:id/void
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZInvoice, ZVoidInvoice } from '@/lib/invoices/schemas';
import { voidInvoice } from '@/lib/invoices/invoice-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZVoidInvoice,
  summary: 'Void an issued invoice',
  description: 'Body `{ reason }`. The number stays used. 409 `INVALID_STATUS_TRANSITION` unless issued.',
  tags: ['Billing'],
  response: z.object({ data: ZInvoice }),
  audit: 'invoice.void',
  handler: ({ ctx, params, body }) => voidInvoice(ctx, params.id, body.reason),
});
