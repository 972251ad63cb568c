// /api/v1/partner-api/device-relationships — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { deviceRelationshipsExport } from '@/lib/partner-api/export-sources';
import { ZDeviceRelationshipExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'inventory:read',
  query: ZExportQuery,
  summary: 'Export device relationships',
  description: ['Relationships between devices and other records: today device-group membership (`member_of` a `device_group`, with why: manual, rule or pin).', EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZDeviceRelationshipExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, deviceRelationshipsExport, query),
});
