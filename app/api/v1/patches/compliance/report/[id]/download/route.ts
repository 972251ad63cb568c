// GET /api/v1/patches/compliance/report/:id/download — the report as CSV.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { downloadComplianceReport } from '@/lib/patches/compliance-report';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  params: ZIdParams,
  summary: 'Download a patch compliance report (CSV)',
  description: 'One row per missing patch per device (a device with nothing missing gets one row): organization, device, up_to_date, package, version, severity, state, approval.',
  tags: ['Patches'],
  handler: ({ ctx, params }) => downloadComplianceReport(ctx, params.id),
});
