// POST /api/v1/invoices/:id/resend
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZInvoice } from '@/lib/invoices/schemas';
import { resendInvoice } from '@/lib/invoices/invoice-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Re-email an issued invoice',
  description: 'Sends the same invoice again (link and PDF) without restamping its number, issue date, due date or sent timestamp; `lastResentAt` and `resendCount` record the resend. 409 `INVOICE_NOT_ISSUED` for drafts and void invoices, 409 `NO_RECIPIENT` without a recipient.',
  tags: ['Billing'],
  response: z.object({ data: ZInvoice }),
  audit: 'invoice.resend',
  handler: ({ ctx, params }) => resendInvoice(ctx, params.id),
});
