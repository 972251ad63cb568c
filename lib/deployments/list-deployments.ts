// GET /deployments (and /software/deployments): newest first, with progress.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ListDeploymentsQuery } from '@/lib/deployments/schemas';
import { deploymentWhere } from '@/lib/deployments/deployment-scope';
import { toDeploymentDtos } from '@/lib/deployments/to-deployment-dto';

export async function listDeployments(ctx: ScopedContext, query: ListDeploymentsQuery) {
  const where: Prisma.DeploymentWhereInput = {
    AND: [
      deploymentWhere(ctx),
      query.status ? { status: query.status } : {},
      query.kind ? { kind: query.kind } : {},
      query.orgId ? { orgId: query.orgId } : {},
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
      query.packageId ? { kind: 'software', payload: { path: ['packageId'], equals: query.packageId } } : {},
    ],
  };
  const [rows, total] = await Promise.all([db.deployment.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }), db.deployment.count({ where })]);
  return pageResult(await toDeploymentDtos(ctx, db, rows), query, total);
}
