// /api/v1/deployments/:id — one deployment.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZDeployment, ZUpdateDeployment } from '@/lib/deployments/schemas';
import { getDeployment } from '@/lib/deployments/get-deployment';
import { updateDeployment } from '@/lib/deployments/update-deployment';
import { deleteDeployment } from '@/lib/deployments/delete-deployment';
import { DEPLOYMENT_STATES_DOC } from '@/lib/deployments/transitions';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:read',
  params: ZIdParams,
  summary: 'Get a deployment',
  description: `Needs \`deployments:read\`. The deployment with its progress (device rows by status).\n\n${DEPLOYMENT_STATES_DOC}`,
  tags: ['Deployments'],
  response: ZDeployment,
  handler: ({ ctx, params }) => getDeployment(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  params: ZIdParams,
  body: ZUpdateDeployment,
  summary: 'Edit a deployment',
  description:
    'Needs `deployments:manage`. Only a `draft` or `ready` deployment (else 409 `DEPLOYMENT_STATE`); editing a `ready` one returns it to `draft` (its device rows are dropped, initialize again). Fields given replace the stored ones (`targets`, `rollout`, `schedule` as a whole); the payload must fit the kind, which cannot change.',
  tags: ['Deployments'],
  response: ZDeployment,
  handler: ({ ctx, params, body }) => updateDeployment(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  params: ZIdParams,
  summary: 'Delete a deployment',
  description: 'Needs `deployments:manage`. Allowed in `draft`, `ready`, `completed`, `failed` and `cancelled` (else 409 `DEPLOYMENT_STATE`: cancel it first). Commands already sent are not affected.',
  tags: ['Deployments'],
  handler: ({ ctx, params }) => deleteDeployment(ctx, params.id),
});
