// DELETE /api/v1/incidents/integrations/:id — disconnect an EDR integration.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { deleteIntegration } from '@/lib/incidents/integrations';

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  audit: 'edr_integration.delete',
  summary: 'Disconnect an EDR integration',
  description: 'Needs `alerts:write`. Its stored findings go with it; incidents promoted from them stay.',
  tags: ['Incidents'],
  handler: ({ ctx, params }) => deleteIntegration(ctx, params.id),
});
