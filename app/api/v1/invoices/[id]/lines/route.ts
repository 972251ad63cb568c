// POST /api/v1/invoices/:id/lines — add a line to a draft invoice.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCreateInvoiceLine, ZInvoiceLine } from '@/lib/invoices/schemas';
import { addInvoiceLine } from '@/lib/invoices/invoice-lines';
import { LINE_RULES_DOC } from '@/lib/billing/line-rules-doc';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZCreateInvoiceLine,
  status: 201,
  summary: 'Add an invoice line',
  description: `Draft invoices only (409 \`INVOICE_NOT_DRAFT\`); types \`manual\` and \`one_time\`.\n\n${LINE_RULES_DOC}`,
  tags: ['Billing'],
  response: z.object({ data: ZInvoiceLine }),
  audit: 'invoice.line_add',
  handler: ({ ctx, params, body }) => addInvoiceLine(ctx, params.id, body),
});
