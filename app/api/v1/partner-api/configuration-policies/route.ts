// /api/v1/partner-api/configuration-policies — partner-API export (doc 3 "Partner API").
import { definePartnerApiRoute } from '@/lib/partner-api/define-partner-api-route';
import { EXPORT_PAGING_NOTE, ZExportPageOf, ZExportQuery } from '@/lib/partner-api/schemas';
import { exportPage } from '@/lib/partner-api/export-page';
import { configurationPoliciesExport } from '@/lib/partner-api/export-sources';
import { ZConfigurationPolicyExportRow } from '@/lib/partner-api/export-schemas';

export const GET = definePartnerApiRoute({
  scope: 'configuration:read',
  query: ZExportQuery,
  summary: 'Export configuration policies',
  description: ['Configuration policies (`GET /policies`) of the principal’s organizations plus the partner-wide ones, with their settings and checks, active or deactivated.', EXPORT_PAGING_NOTE].join(' '),
  response: ZExportPageOf(ZConfigurationPolicyExportRow),
  handler: ({ ctx, query }) => exportPage(ctx, configurationPoliciesExport, query),
});
