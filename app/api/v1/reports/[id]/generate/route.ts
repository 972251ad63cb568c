// POST /api/v1/reports/:id/generate — run a saved report now.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZGenerateReport, ZReportRun } from '@/lib/reports/schemas';
import { generateReport } from '@/lib/reports/queue-report-run';
import { REPORT_RUN_DOC } from '@/lib/reports/docs';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:manage',
  params: ZIdParams,
  body: ZGenerateReport,
  status: 202,
  summary: 'Generate a report now',
  description: `Needs \`reports:manage\`. Queues a \`manual\` run of the report with its current filters and format and answers it (202); follow it with GET /reports/runs/:id. With \`email\` true (the default) the file is mailed to the report’s \`config.emailRecipients\` as a scheduled run’s is. An empty body is allowed.\n\n${REPORT_RUN_DOC}`,
  tags: ['Reports'],
  response: ZReportRun,
  handler: ({ ctx, params, body }) => generateReport(ctx, params.id, body ?? { email: true }),
});
