// /api/v1/partner-api/custom-field-values — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { customFieldValuesExport, ZCustomFieldValueExportRow } from '@/lib/partner-api/script-exports';

export const GET = definePartnerApiRoute({
  scope: 'custom-fields:read',
  query: ZExportQuery,
  summary: 'Export custom-field values',
  description: ["Device custom-field values of the principal's organizations: `fieldId`, `key`, `deviceId`, `orgId`, `value`, `source` (user, api, script), `updatedAt`.", EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZCustomFieldValueExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, customFieldValuesExport, query),
});
