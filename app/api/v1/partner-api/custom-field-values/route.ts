// /api/v1/partner-api/custom-field-values — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { customFieldValuesExport } from '@/lib/partner-api/export-sources';
import { ZCustomFieldValueExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'custom-fields:read',
  query: ZExportQuery,
  summary: 'Export custom-field values',
  description: ["Custom-field values of the principal's devices, one row per field and device (with the field's `key`).", EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZCustomFieldValueExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, customFieldValuesExport, query),
});
