// POST /api/v1/deployments/:id/devices/:deviceId/retry — try one device again.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeploymentDevice, ZDeploymentDeviceParams } from '@/lib/deployments/schemas';
import { retryDeploymentDevice } from '@/lib/deployments/retry-deployment-device';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  params: ZDeploymentDeviceParams,
  summary: 'Retry a device of a deployment',
  description:
    'Needs `deployments:manage`. Only a `failed`, `expired` or `cancelled` row of a `running`, `paused`, `completed` or `failed` deployment (else 409 `DEPLOYMENT_STATE`): the row goes back to `pending` in the current batch; a finished deployment goes back to `running`.',
  tags: ['Deployments'],
  response: ZDeploymentDevice,
  handler: ({ ctx, params }) => retryDeploymentDevice(ctx, params.id, params.deviceId),
});
