// /api/v1/partner-api/device-inventory — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { deviceInventoryExport } from '@/lib/partner-api/export-sources';
import { ZDeviceInventoryExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'inventory:read',
  query: ZExportQuery,
  summary: 'Export device inventory',
  description: ['The last full inventory each agent reported (hardware, OS, disks, network).', EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZDeviceInventoryExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, deviceInventoryExport, query),
});
