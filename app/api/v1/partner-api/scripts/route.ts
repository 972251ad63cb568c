// /api/v1/partner-api/scripts — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { notYetStoredExport } from '@/lib/partner-api/export-sources';
import { ZEmptyExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'scripts:read',
  query: ZExportQuery,
  summary: 'Export scripts',
  description: ['Scripts are not stored by this service yet: the page is always empty (`hasMore: false`) until the script library lands.', EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZEmptyExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, notYetStoredExport('scripts'), query),
});
