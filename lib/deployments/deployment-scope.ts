// Tenancy of deployments: a deployment belongs to one organization, or to the whole partner when
// orgId is null. Partner-wide deployments are read by every partner caller and written only by
// callers that see every organization (as patch policies and maintenance windows are).
import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { Deployment, DeploymentKind, Prisma } from '@/lib/generated/prisma/client';
import { forbidden, notFound } from '@/lib/http/errors';
import { hasFullPartnerAccess, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

export function deploymentWhere(ctx: ScopedContext): Prisma.DeploymentWhereInput {
  return ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
}

/** The deployment in the caller's scope (and of `kind` when given), else 404. */
export async function getDeploymentOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db, kind?: DeploymentKind): Promise<Deployment> {
  const found = await client.deployment.findFirst({ where: { AND: [{ id }, kind ? { kind } : {}, deploymentWhere(ctx)] } });
  if (!found) throw notFound('Deployment');
  return found;
}

export function assertDeploymentWritable(ctx: ScopedContext, record: { orgId: string | null }): void {
  if (record.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide deployments need access to every organization');
}
