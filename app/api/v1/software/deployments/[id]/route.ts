// GET /api/v1/software/deployments/:id — one software deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDeployment } from '@/lib/deployments/schemas';
import { getDeployment } from '@/lib/deployments/get-deployment';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:read',
  params: ZIdParams,
  summary: 'Get a software deployment',
  description: 'Needs `deployments:read`. A deployment of kind `software` (404 for other kinds).',
  tags: ['Software'],
  response: ZDeployment,
  handler: ({ ctx, params }) => getDeployment(ctx, params.id, 'software'),
});
