// POST /api/v1/deployments/:id/start — Start a deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDeployment } from '@/lib/deployments/schemas';
import { startDeployment } from '@/lib/deployments/start-deployment';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  params: ZIdParams,
  summary: 'Start a deployment',
  description: 'Needs `deployments:manage`. `ready` → `running` (else 409 `DEPLOYMENT_STATE`): the first batch is dispatched by the worker at once, the next ones when the previous batch finished and `batchIntervalMinutes` passed.',
  tags: ['Deployments'],
  response: ZDeployment,
  handler: ({ ctx, params }) => startDeployment(ctx, params.id),
});
