// /api/v1/invoices/:id/lines/:lineId — edit or remove a line of a draft invoice.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZInvoiceLine, ZInvoiceLineParams, ZUpdateInvoiceLine } from '@/lib/invoices/schemas';
import { deleteInvoiceLine, updateInvoiceLine } from '@/lib/invoices/invoice-lines';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZInvoiceLineParams,
  body: ZUpdateInvoiceLine,
  summary: 'Edit an invoice line',
  description: 'Strict body; `type` is immutable and an empty patch is 400 `INVALID_LINE_PATCH`; generated per-device lines are not edited. 404 `INVOICE_LINE_NOT_FOUND`; 409 `INVOICE_NOT_DRAFT`.',
  tags: ['Billing'],
  response: z.object({ data: ZInvoiceLine }),
  audit: 'invoice.line_update',
  handler: ({ ctx, params, body }) => updateInvoiceLine(ctx, params.id, params.lineId, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZInvoiceLineParams,
  summary: 'Remove an invoice line',
  description: '404 `INVOICE_LINE_NOT_FOUND`; 409 `INVOICE_NOT_DRAFT`. 204.',
  tags: ['Billing'],
  audit: 'invoice.line_delete',
  handler: ({ ctx, params }) => deleteInvoiceLine(ctx, params.id, params.lineId),
});
