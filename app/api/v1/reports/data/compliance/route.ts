// GET /api/v1/reports/data/compliance — the rows of the patch_compliance report as JSON.
import { defineRoute } from '@/lib/http/define-route';
import { ZReportDataPage, ZReportDataQuery } from '@/lib/reports/schemas';
import { getReportData } from '@/lib/reports/get-report-data';
import { REPORT_DEFINITIONS } from '@/lib/reports/report-types';
import { REPORT_DATA_DOC } from '@/lib/reports/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:read',
  query: ZReportDataQuery,
  summary: `Report data: ${REPORT_DEFINITIONS.patch_compliance.title.toLowerCase()}`,
  description: `Needs \`reports:read\`. ${REPORT_DEFINITIONS.patch_compliance.description}.\n\n${REPORT_DATA_DOC}`,
  tags: ['Reports'],
  response: ZReportDataPage,
  handler: ({ ctx, query }) => getReportData(ctx, 'patch_compliance', query),
});
