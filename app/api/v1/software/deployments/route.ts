// /api/v1/software/deployments — the software view of deployments (kind software only).
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateSoftwareDeployment, ZDeployment, ZListSoftwareDeploymentsQuery } from '@/lib/deployments/schemas';
import { listDeployments } from '@/lib/deployments/list-deployments';
import { createSoftwareDeployment } from '@/lib/deployments/create-software-deployment';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:read',
  query: ZListSoftwareDeploymentsQuery,
  summary: 'List software deployments',
  description: 'Needs `deployments:read`. The deployments of kind `software` (the same records as `GET /deployments?kind=software`). `packageId` narrows them to one catalog package.',
  tags: ['Software'],
  response: ZPageOf(ZDeployment),
  handler: ({ ctx, query }) => listDeployments(ctx, { ...query, kind: 'software' }),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'deployments:manage',
  body: ZCreateSoftwareDeployment,
  status: 201,
  summary: 'Deploy a software package',
  description:
    'Needs `deployments:manage`. Creates a deployment of kind `software` for the catalog version and, with `startNow` (default), initializes and starts it in one call (409 `NO_TARGET_DEVICES` when no device is targeted). Each device gets a `software_install` command; its result becomes the device row’s status.',
  tags: ['Software'],
  response: ZDeployment,
  handler: ({ ctx, body }) => createSoftwareDeployment(ctx, body),
});
