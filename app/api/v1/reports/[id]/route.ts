// /api/v1/reports/:id — one saved report.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZReport, ZUpdateReport } from '@/lib/reports/schemas';
import { getReport } from '@/lib/reports/list-reports';
import { updateReport } from '@/lib/reports/update-report';
import { deleteReport } from '@/lib/reports/delete-report';
import { REPORT_SCHEDULE_DOC } from '@/lib/reports/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:read',
  params: ZIdParams,
  summary: 'Get a report',
  description: 'Needs `reports:read`. The report with its schedule, the time zone it is evaluated in and `nextRunAt`.',
  tags: ['Reports'],
  response: ZReport,
  handler: ({ ctx, params }) => getReport(ctx, params.id),
});

export const PUT = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:manage',
  params: ZIdParams,
  body: ZUpdateReport,
  summary: 'Edit a report',
  description: ['Needs `reports:manage` (partner-wide reports: access to every organization). The fields given replace the stored ones (`filters` and `config` as a whole); at least one. The owner cannot change. A change of `schedule` or `config` computes `nextRunAt` again.', REPORT_SCHEDULE_DOC].join('\n\n'),
  tags: ['Reports'],
  response: ZReport,
  handler: ({ ctx, params, body }) => updateReport(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:manage',
  params: ZIdParams,
  summary: 'Delete a report',
  description: 'Needs `reports:manage`. Its runs and their files stay in the run history (their `reportId` becomes null).',
  tags: ['Reports'],
  handler: ({ ctx, params }) => deleteReport(ctx, params.id),
});
