// /api/v1/partner-api/scripts — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { scriptsExport } from '@/lib/partner-api/export-sources';
import { ZScriptExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'scripts:read',
  query: ZExportQuery,
  summary: 'Export scripts',
  description: ["Scripts of the partner-wide library (`orgId` null) and of the principal's organizations, with their content, parameters and exit-code mapping.", EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZScriptExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, scriptsExport, query),
});
