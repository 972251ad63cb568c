// /api/v1/invoices — invoices, written by hand or generated from contracts.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateInvoice, ZInvoice, ZListInvoicesQuery } from '@/lib/invoices/schemas';
import { listInvoices } from '@/lib/invoices/list-invoices';
import { createInvoice } from '@/lib/invoices/create-invoice';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  query: ZListInvoicesQuery,
  summary: 'List invoices',
  description: 'Invoices of the organizations in the caller’s scope, newest first, with lines and exact totals (decimal strings).',
  tags: ['Billing'],
  response: ZPageOf(ZInvoice),
  handler: ({ ctx, query }) => listInvoices(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  body: ZCreateInvoice,
  status: 201,
  summary: 'Create a draft invoice',
  description: [
    'Statuses: `draft` → `issued` (`POST /invoices/:id/issue`: the partner’s next number, issue date, due date = issue date + `paymentTermsDays`, and the email with the customer link and PDF when a recipient is set) → `paid` (`POST /invoices/:id/mark-paid`), or `issued` → `void` (`POST /invoices/:id/void` with a reason). Only drafts are edited or deleted.',
    'Lines: `manual` or `one_time` (quantity × unit price, tax per line); per-device lines come from contract billing. `recipientEmail` defaults to the organization’s billing contact email.',
    '409 `service_management_off` when the partner’s service-management mode is `off`.',
  ].join('\n\n'),
  tags: ['Billing'],
  response: z.object({ data: ZInvoice }),
  audit: 'invoice.create',
  handler: ({ ctx, body }) => createInvoice(ctx, body),
});
