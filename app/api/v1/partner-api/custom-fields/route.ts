// /api/v1/partner-api/custom-fields — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { customFieldsExport } from '@/lib/partner-api/export-sources';
import { ZCustomFieldExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'custom-fields:read',
  query: ZExportQuery,
  summary: 'Export custom-field definitions',
  description: ["Custom-field definitions, partner-wide (`orgId` null) and of the principal's organizations.", EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZCustomFieldExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, customFieldsExport, query),
});
