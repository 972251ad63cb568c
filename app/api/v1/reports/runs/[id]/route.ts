// GET /api/v1/reports/runs/:id — one run.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZReportRun } from '@/lib/reports/schemas';
import { getReportRun } from '@/lib/reports/list-report-runs';
import { REPORT_RUN_DOC } from '@/lib/reports/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:read',
  params: ZIdParams,
  summary: 'Get a report run',
  description: `Needs \`reports:read\`. The run’s state, attempts, failure reason and, once succeeded, its file.\n\n${REPORT_RUN_DOC}`,
  tags: ['Reports'],
  response: ZReportRun,
  handler: ({ ctx, params }) => getReportRun(ctx, params.id),
});
