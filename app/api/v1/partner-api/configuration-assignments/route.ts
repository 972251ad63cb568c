// /api/v1/partner-api/configuration-assignments — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { configurationAssignmentsExport } from '@/lib/partner-api/export-sources';
import { ZConfigurationAssignmentExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'configuration:read',
  query: ZExportQuery,
  summary: 'Export configuration assignments',
  description: [
    'Where each exported configuration policy applies: one row per target (`partner`, `organization`, `site`, `group`, `device`). A principal narrowed to some organizations gets the assignments whose target lies in them or is the partner.',
    EXPORT_PAGING_NOTE,
  ].join(' '),
  response: ZExportPageOf(ZConfigurationAssignmentExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, configurationAssignmentsExport, query),
});
