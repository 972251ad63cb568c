// GET /api/v1/reports/data/tickets-sla — the rows of the tickets_sla report as JSON.
import { defineRoute } from '@/lib/http/define-route';
import { ZReportDataPage, ZReportDataQuery } from '@/lib/reports/schemas';
import { getReportData } from '@/lib/reports/get-report-data';
import { REPORT_DEFINITIONS } from '@/lib/reports/report-types';
import { REPORT_DATA_DOC } from '@/lib/reports/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:read',
  query: ZReportDataQuery,
  summary: `Report data: ${REPORT_DEFINITIONS.tickets_sla.title.toLowerCase()}`,
  description: `Needs \`reports:read\`. ${REPORT_DEFINITIONS.tickets_sla.description}.\n\n${REPORT_DATA_DOC}`,
  tags: ['Reports'],
  response: ZReportDataPage,
  handler: ({ ctx, query }) => getReportData(ctx, 'tickets_sla', query),
});
