// POST /api/v1/software/deployments/:id/cancel — cancel a software deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDeployment } from '@/lib/deployments/schemas';
import { cancelDeployment } from '@/lib/deployments/cancel-deployment';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  params: ZIdParams,
  summary: 'Cancel a software deployment',
  description: 'Needs `deployments:manage`. As `POST /deployments/:id/cancel`, for a deployment of kind `software` (404 for other kinds).',
  tags: ['Software'],
  response: ZDeployment,
  handler: ({ ctx, params }) => cancelDeployment(ctx, params.id, 'software'),
});
