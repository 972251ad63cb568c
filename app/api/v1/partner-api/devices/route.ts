// /api/v1/partner-api/devices — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { devicesExport } from '@/lib/partner-api/export-sources';
import { ZDeviceExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'devices:read',
  query: ZExportQuery,
  summary: 'Export devices',
  description: ["Every device of the principal's organizations (all statuses), in id order, without heartbeat metrics or hardware JSON (see device-inventory).", EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZDeviceExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, devicesExport, query),
});
