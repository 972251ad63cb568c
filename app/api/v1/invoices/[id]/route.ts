// /api/v1/invoices/:id — one invoice.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZInvoice, ZUpdateInvoice } from '@/lib/invoices/schemas';
import { getInvoiceOrThrow } from '@/lib/invoices/get-invoice-or-throw';
import { toInvoiceDto } from '@/lib/invoices/to-invoice-dto';
import { updateInvoice } from '@/lib/invoices/update-invoice';
import { deleteInvoice } from '@/lib/invoices/invoice-status';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZIdParams,
  summary: 'Get an invoice',
  tags: ['Billing'],
  response: z.object({ data: ZInvoice }),
  handler: async ({ ctx, params }) => ({ data: toInvoiceDto(await getInvoiceOrThrow(ctx, params.id)) }),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZUpdateInvoice,
  summary: 'Update a draft invoice',
  description: '409 `INVOICE_NOT_DRAFT` once issued. Currency changes through `POST /invoices/:id/currency`.',
  tags: ['Billing'],
  response: z.object({ data: ZInvoice }),
  audit: 'invoice.update',
  handler: ({ ctx, params, body }) => updateInvoice(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Delete a draft invoice',
  description: 'Drafts only (409 `INVOICE_NOT_DRAFT`); void an issued invoice instead. The billing period of a generated invoice keeps its outcome (its `invoiceId` becomes null). 204.',
  tags: ['Billing'],
  audit: 'invoice.delete',
  handler: ({ ctx, params }) => deleteInvoice(ctx, params.id),
});
