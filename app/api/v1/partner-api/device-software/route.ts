// /api/v1/partner-api/device-software — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { deviceSoftwareExport } from '@/lib/partner-api/export-sources';
import { ZDeviceSoftwareExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'inventory:read',
  query: ZExportQuery,
  summary: 'Export installed software',
  description: ["Installed packages reported by agents, one row per device and package. A device's rows are replaced when it reports a new inventory.", EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZDeviceSoftwareExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, deviceSoftwareExport, query),
});
