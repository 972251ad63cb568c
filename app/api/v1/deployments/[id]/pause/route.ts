// POST /api/v1/deployments/:id/pause — Pause a deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDeployment } from '@/lib/deployments/schemas';
import { pauseDeployment } from '@/lib/deployments/pause-deployment';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  params: ZIdParams,
  summary: 'Pause a deployment',
  description: 'Needs `deployments:manage`. `running` → `paused` with pauseReason `manual` (else 409 `DEPLOYMENT_STATE`). Commands already created still run; nothing new is dispatched.',
  tags: ['Deployments'],
  response: ZDeployment,
  handler: ({ ctx, params }) => pauseDeployment(ctx, params.id),
});
