// POST /api/v1/deployments/:id/cancel — Cancel a deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDeployment } from '@/lib/deployments/schemas';
import { cancelDeployment } from '@/lib/deployments/cancel-deployment';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  params: ZIdParams,
  summary: 'Cancel a deployment',
  description: 'Needs `deployments:manage`. Any non-terminal state → `cancelled` (else 409 `DEPLOYMENT_STATE`): pending and waiting device rows become `cancelled`, commands not yet delivered are cancelled, running ones finish and their results are still recorded.',
  tags: ['Deployments'],
  response: ZDeployment,
  handler: ({ ctx, params }) => cancelDeployment(ctx, params.id),
});
