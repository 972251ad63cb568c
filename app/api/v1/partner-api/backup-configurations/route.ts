// /api/v1/partner-api/backup-configurations — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { notYetStoredExport } from '@/lib/partner-api/export-sources';
import { ZEmptyExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'backup-configuration:read',
  query: ZExportQuery,
  summary: 'Export backup configurations',
  description: ['Backup configurations are not stored by this service yet: the page is always empty (`hasMore: false`).', EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZEmptyExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, notYetStoredExport('backup-configurations'), query),
});
