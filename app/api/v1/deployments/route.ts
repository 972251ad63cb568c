// /api/v1/deployments — software, patches or a script rolled out to many devices, at once or
// in batches (staged), with a failure threshold, maintenance-window gating and a deadline.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateDeployment, ZDeployment, ZListDeploymentsQuery } from '@/lib/deployments/schemas';
import { listDeployments } from '@/lib/deployments/list-deployments';
import { createDeployment } from '@/lib/deployments/create-deployment';
import { DEPLOYMENT_STATES_DOC } from '@/lib/deployments/transitions';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:read',
  query: ZListDeploymentsQuery,
  summary: 'List deployments',
  description: 'Deployments of the caller’s organizations plus partner-wide ones, newest first, each with its progress. Filters: `status`, `kind`, `orgId`, `search` (name), `packageId` (software deployments of that catalog package). Needs `deployments:read`.',
  tags: ['Deployments'],
  response: ZPageOf(ZDeployment),
  handler: ({ ctx, query }) => listDeployments(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  body: ZCreateDeployment,
  status: 201,
  summary: 'Create a deployment',
  description: [
    'Needs `deployments:manage`. Creates a `draft`; `POST /deployments/:id/initialize` resolves the targets into devices and `POST /deployments/:id/start` rolls it out.',
    '**kind and payload**: `software` `{ packageId, versionId }` (a catalog version the caller sees; an installer version needs its installer uploaded), `patches` `{ patchIds }` (each approved for the targeted organizations and of a source agents install, today `linux`), `script` `{ scriptId, parameters }`. Anything else is a 400 naming the field (`PAYLOAD_NOT_FOUND`, `INSTALLER_MISSING`, `PATCH_NOT_APPROVED`, `PATCH_NOT_INSTALLABLE`).',
    '**targets**: organizations, sites, groups, devices and shared saved filters (`filterIds`, their matching devices resolved at initialize) inside the deployment’s scope (else 400 `TARGET_NOT_IN_SCOPE`; a private filter is 400 `FILTER_NOT_SHARED`).',
    DEPLOYMENT_STATES_DOC,
  ].join('\n\n'),
  tags: ['Deployments'],
  response: ZDeployment,
  handler: ({ ctx, body }) => createDeployment(ctx, body),
});
