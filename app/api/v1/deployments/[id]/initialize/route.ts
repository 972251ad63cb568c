// POST /api/v1/deployments/:id/initialize — Initialize a deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDeployment } from '@/lib/deployments/schemas';
import { initializeDeployment } from '@/lib/deployments/initialize-deployment';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  params: ZIdParams,
  summary: 'Initialize a deployment',
  description: 'Needs `deployments:manage`. `draft` → `ready`: resolves the targets (group members as they are now) into one device row per device, assigns batches, and marks `skipped` (with the reason) the devices the payload cannot apply to (operating system, package manager). 409 `NO_TARGET_DEVICES` when no device is targeted; 409 `DEPLOYMENT_STATE` from any other state.',
  tags: ['Deployments'],
  response: ZDeployment,
  handler: ({ ctx, params }) => initializeDeployment(ctx, params.id),
});
