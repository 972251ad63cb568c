// POST /api/v1/deployments/:id/resume — Resume a deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDeployment } from '@/lib/deployments/schemas';
import { resumeDeployment } from '@/lib/deployments/resume-deployment';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  params: ZIdParams,
  summary: 'Resume a deployment',
  description: 'Needs `deployments:manage`. `paused` → `running` (manual or failure-threshold pause; else 409 `DEPLOYMENT_STATE`). A resumed deployment is not paused again by the threshold for the failures it already had in the current batch.',
  tags: ['Deployments'],
  response: ZDeployment,
  handler: ({ ctx, params }) => resumeDeployment(ctx, params.id),
});
