// Tenancy of policies: a policy belongs to one organization, or to the whole partner when orgId
// is null. Partner-wide policies are read by every partner caller and written only by callers
// that see every organization (as deployments and maintenance windows are).
import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx, type Tx } from '@/lib/db';
import type { Policy, Prisma } from '@/lib/generated/prisma/client';
import { forbidden, notFound } from '@/lib/http/errors';
import { hasFullPartnerAccess, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

export function policyWhere(ctx: ScopedContext): Prisma.PolicyWhereInput {
  return ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
}

export async function getPolicyOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<Policy> {
  const found = await client.policy.findFirst({ where: { AND: [{ id }, policyWhere(ctx)] } });
  if (!found) throw notFound('Policy');
  return found;
}

/** The policy in scope, row-locked for the rest of the transaction. */
export async function lockPolicy(tx: Tx, ctx: ScopedContext, id: string): Promise<Policy> {
  const found = await getPolicyOrThrow(ctx, id, tx);
  await tx.$queryRaw`select id from policies where id = ${id}::uuid for update`;
  return found;
}

export function assertPolicyWritable(ctx: ScopedContext, record: { orgId: string | null }): void {
  if (record.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide policies need access to every organization');
}
