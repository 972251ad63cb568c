// GET /api/v1/invoices/:id/lines/:lineId/devices — per-device evidence of a generated line.
import { defineRoute } from '@/lib/http/define-route';
import { ZInvoiceLineParams, ZLineDevices, ZLineDevicesQuery } from '@/lib/invoices/schemas';
import { listLineDevices } from '@/lib/invoices/list-line-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  params: ZInvoiceLineParams,
  query: ZLineDevicesQuery,
  summary: 'Devices a generated invoice line counted',
  description: 'Each device as it was at generation (hostname, role) and how it counted: `included`, `overage` or `flagged`. Cursor-paginated (`cursor`, `limit` default 100, max 500). Lines with no recorded evidence (older invoices, lines not generated from a per-device contract line) answer `recorded: false` with no rows. 404 `INVOICE_LINE_NOT_FOUND`.',
  tags: ['Billing'],
  response: ZLineDevices,
  handler: ({ ctx, params, query }) => listLineDevices(ctx, params.id, params.lineId, query),
});
