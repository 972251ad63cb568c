import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import type { DeploymentKind } from '@/lib/generated/prisma/client';
import type { TDeployment } from '@/lib/deployments/schemas';
import { getDeploymentOrThrow } from '@/lib/deployments/deployment-scope';
import { deploymentDto } from '@/lib/deployments/to-deployment-dto';

export async function getDeployment(ctx: ScopedContext, id: string, kind?: DeploymentKind): Promise<TDeployment> {
  return deploymentDto(ctx, db, await getDeploymentOrThrow(ctx, id, db, kind));
}
