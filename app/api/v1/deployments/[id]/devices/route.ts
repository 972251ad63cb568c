// GET /api/v1/deployments/:id/devices — the per-device rows of a deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZDeploymentDevice, ZListDeploymentDevicesQuery } from '@/lib/deployments/schemas';
import { listDeploymentDevices } from '@/lib/deployments/list-deployment-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:read',
  params: ZIdParams,
  query: ZListDeploymentDevicesQuery,
  summary: 'List the devices of a deployment',
  description: 'Needs `deployments:read`. One row per targeted device (after initialize), by batch then hostname, with its status, attempts, command, error and output.',
  tags: ['Deployments'],
  response: ZPageOf(ZDeploymentDevice),
  handler: ({ ctx, params, query }) => listDeploymentDevices(ctx, params.id, query),
});
