// POST /api/v1/reports/generate — an ad hoc run without a saved report.
import { defineRoute } from '@/lib/http/define-route';
import { ZAdHocReport, ZReportRun } from '@/lib/reports/schemas';
import { generateAdHocReport } from '@/lib/reports/queue-report-run';
import { REPORT_RUN_DOC, REPORT_TYPES_DOC } from '@/lib/reports/docs';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:manage',
  body: ZAdHocReport,
  status: 202,
  summary: 'Generate an ad hoc report',
  description: [
    'Needs `reports:manage`. Queues an `ad_hoc` run of `type` in `format` over `filters` for the organization `orgId` (omitted: partner-wide, for callers that see every organization) and answers it (202). `emailRecipients` (up to 50) are mailed the file once generated.',
    REPORT_TYPES_DOC,
    REPORT_RUN_DOC,
  ].join('\n\n'),
  tags: ['Reports'],
  response: ZReportRun,
  handler: ({ ctx, body }) => generateAdHocReport(ctx, body),
});
