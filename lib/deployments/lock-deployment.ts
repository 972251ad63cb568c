// Every change to a deployment starts here: the row is locked for the transaction (writers and
// the worker serialize on it), then read through the caller's scope (404 outside it).
import type { ScopedContext } from '@/lib/auth/context';
import type { Tx } from '@/lib/db';
import type { Deployment, DeploymentKind } from '@/lib/generated/prisma/client';
import { getDeploymentOrThrow } from '@/lib/deployments/deployment-scope';

export async function lockDeployment(tx: Tx, ctx: ScopedContext, id: string, kind?: DeploymentKind): Promise<Deployment> {
  await tx.$queryRaw`select 1 from deployments where id = ${id}::uuid for update`;
  return getDeploymentOrThrow(ctx, id, tx, kind);
}

export const ADVANCE_TASK = 'advance_deployments';
export const advanceJobKey = (deploymentId: string) => `advance_deployments:${deploymentId}`;
