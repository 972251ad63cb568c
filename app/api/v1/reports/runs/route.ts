// GET /api/v1/reports/runs — the run history.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZListRunsQuery, ZReportRun } from '@/lib/reports/schemas';
import { listReportRuns } from '@/lib/reports/list-report-runs';
import { REPORT_RUN_DOC } from '@/lib/reports/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:read',
  query: ZListRunsQuery,
  summary: 'List report runs',
  description: `Needs \`reports:read\`. Runs of the caller’s reports (scheduled, manual and ad hoc), newest first. Filters: \`reportId\`, \`status\`, \`trigger\`.\n\n${REPORT_RUN_DOC}`,
  tags: ['Reports'],
  response: ZPageOf(ZReportRun),
  handler: ({ ctx, query }) => listReportRuns(ctx, query),
});
