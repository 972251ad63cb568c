// GET /api/v1/patches/compliance/report — compliance reports, one per organization.
import { defineRoute } from '@/lib/http/define-route';
import { ZComplianceReportList } from '@/lib/patches/schemas';
import { listComplianceReports } from '@/lib/patches/compliance-report';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  summary: 'List patch compliance reports',
  description: 'One report per organization in scope (its id is the organization id), computed from current data when asked; open it for each device’s missing patches, or download it as CSV.',
  tags: ['Patches'],
  response: ZComplianceReportList,
  handler: ({ ctx }) => listComplianceReports(ctx),
});
