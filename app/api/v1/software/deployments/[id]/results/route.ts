// GET /api/v1/software/deployments/:id/results — per-device results of a software deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZDeploymentDevice, ZListDeploymentDevicesQuery } from '@/lib/deployments/schemas';
import { listDeploymentDevices } from '@/lib/deployments/list-deployment-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:read',
  params: ZIdParams,
  query: ZListDeploymentDevicesQuery,
  summary: 'Results of a software deployment',
  description: 'Needs `deployments:read`. The device rows of a deployment of kind `software` (404 for other kinds): status, installed version (`result.installedVersion`), error and package-manager output.',
  tags: ['Software'],
  response: ZPageOf(ZDeploymentDevice),
  handler: ({ ctx, params, query }) => listDeploymentDevices(ctx, params.id, query, 'software'),
});
