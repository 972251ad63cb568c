// GET /api/v1/patches/compliance/report/:id — one organization's compliance report.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZComplianceReport } from '@/lib/patches/schemas';
import { getComplianceReport } from '@/lib/patches/compliance-report';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  params: ZIdParams,
  summary: 'Get a patch compliance report',
  description: 'The organization’s summary and each device with the patches it is missing (declined ones excluded). 404 for an organization outside your scope.',
  tags: ['Patches'],
  response: ZComplianceReport,
  handler: ({ ctx, params }) => getComplianceReport(ctx, params.id),
});
