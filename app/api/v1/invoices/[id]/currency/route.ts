// POST /api/v1/invoices/:id/currency — change a draft invoice's currency.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCurrencyChange } from '@/lib/billing/schemas';
import { ZInvoice } from '@/lib/invoices/schemas';
import { changeInvoiceCurrency } from '@/lib/invoices/change-invoice-currency';
import { CURRENCY_CHANGE_DOC } from '@/lib/billing/currency-change-doc';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  body: ZCurrencyChange,
  summary: 'Change a draft invoice’s currency',
  description: `${CURRENCY_CHANGE_DOC} 409 \`INVOICE_NOT_DRAFT\` once issued.`,
  tags: ['Billing'],
  response: z.object({ data: ZInvoice }),
  audit: 'invoice.currency',
  handler: ({ ctx, params, body }) => changeInvoiceCurrency(ctx, params.id, body),
});
