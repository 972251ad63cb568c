// POST /api/v1/invoices/:id/reset-link — revoke every customer link, mint a new one.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPublicLink } from '@/lib/invoices/schemas';
import { resetInvoiceLink } from '@/lib/invoices/invoice-links';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  summary: 'Revoke every customer link and mint a new one',
  description: 'Every link handed out before (including those in sent emails) answers 404 from now on. 409 `INVOICE_NOT_ISSUED` for drafts.',
  tags: ['Billing'],
  response: z.object({ data: ZPublicLink }),
  audit: 'invoice.reset_link',
  handler: ({ ctx, params }) => resetInvoiceLink(ctx, params.id),
});
