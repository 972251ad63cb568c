// /api/v1/reports — saved report definitions: type, format, filters, schedule and recipients.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateReport, ZListReportsQuery, ZReport } from '@/lib/reports/schemas';
import { createReport } from '@/lib/reports/create-report';
import { listReports } from '@/lib/reports/list-reports';
import { REPORT_SCHEDULE_DOC, REPORT_TYPES_DOC } from '@/lib/reports/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:read',
  query: ZListReportsQuery,
  summary: 'List reports',
  description: 'Saved reports of the caller’s organizations plus partner-wide ones, newest first. Filters: `type`, `orgId`, `scheduled`, `search` (name). Needs `reports:read`.',
  tags: ['Reports'],
  response: ZPageOf(ZReport),
  handler: ({ ctx, query }) => listReports(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:manage',
  body: ZCreateReport,
  status: 201,
  summary: 'Create a report',
  description: ['Needs `reports:manage`. `orgId` owns the report; omitted or null makes it partner-wide (callers that see every organization).', REPORT_TYPES_DOC, REPORT_SCHEDULE_DOC].join('\n\n'),
  tags: ['Reports'],
  response: ZReport,
  handler: ({ ctx, body }) => createReport(ctx, body),
});
