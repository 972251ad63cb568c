// GET /api/v1/reports/runs/:id/download — the generated file of a run.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { downloadReportRun } from '@/lib/reports/list-report-runs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'reports:read',
  params: ZIdParams,
  summary: 'Download a report run’s file',
  description:
    'Needs `reports:read`. The file of a succeeded run as an attachment: `application/pdf`, `text/csv; charset=utf-8` or `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` (xlsx), named `<report-name>-<date>.<pdf|csv|xlsx>`. A run that has not succeeded answers 409 `RUN_NOT_READY`; a run outside the caller’s scope 404.',
  tags: ['Reports'],
  errors: [409],
  handler: ({ ctx, params }) => downloadReportRun(ctx, params.id),
});
