// GET /api/v1/patches/compliance/report/:id/download — the report as CSV (default) or PDF.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { downloadComplianceReport } from '@/lib/patches/compliance-report';
import { ZComplianceReportDownloadQuery } from '@/lib/patches/schemas';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  params: ZIdParams,
  query: ZComplianceReportDownloadQuery,
  summary: 'Download a patch compliance report (CSV or PDF)',
  description:
    'format=csv (default): one row per missing patch per device (a device with nothing missing gets one row): organization, device, up_to_date, package, version, severity, state, approval. format=pdf: the same table in a paged A4 document headed by the organization, the generation time (UTC) and the summary figures. Both are sent as attachments named patch-compliance-<date>.<csv|pdf>.',
  tags: ['Patches'],
  handler: ({ ctx, params, query }) => downloadComplianceReport(ctx, params.id, query.format),
});
