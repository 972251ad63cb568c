// /api/v1/analytics/sla/:id/compliance — met and breached counts of one SLA definition.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSlaCompliance, ZSlaComplianceQuery } from '@/lib/analytics/schemas';
import { getSlaCompliance } from '@/lib/analytics/get-sla-compliance';
import { SLA_DOC } from '@/lib/analytics/sla-doc';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:read',
  params: ZIdParams,
  query: ZSlaComplianceQuery,
  summary: 'SLA compliance of a definition',
  description: `Needs \`analytics:read\`. Over \`from\`–\`to\` (default the last 30 days, at most 366): the \`summary\`, \`byOrganization\` (the caller’s organizations only) and \`byDay\` (UTC), each with met, breached and pending counts and the met percentage of the judged ones. \`orgId\` narrows to one organization.\n\n${SLA_DOC}`,
  tags: ['Analytics'],
  response: ZSlaCompliance,
  handler: ({ ctx, params, query }) => getSlaCompliance(ctx, params.id, query),
});
