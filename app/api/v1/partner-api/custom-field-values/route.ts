// /api/v1/partner-api/custom-field-values — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { notYetStoredExport } from '@/lib/partner-api/export-sources';
import { ZEmptyExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'custom-fields:read',
  query: ZExportQuery,
  summary: 'Export custom-field values',
  description: ['Custom fields are not stored by this service yet: the page is always empty (`hasMore: false`).', EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZEmptyExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, notYetStoredExport('custom-field-values'), query),
});
