// Tenancy of SLA definitions: one organization's, or the whole partner's when orgId is null.
// Partner-wide definitions are read by every caller of the partner and written only by callers
// that see every organization (as deployments and maintenance windows are).
import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { Prisma, SlaDefinition } from '@/lib/generated/prisma/client';
import { forbidden, notFound } from '@/lib/http/errors';
import { hasFullPartnerAccess, tenantOrPartnerWideWhere } from '@/lib/tenancy/scope';
import type { TSla } from '@/lib/analytics/schemas';

export function slaWhere(ctx: ScopedContext): Prisma.SlaDefinitionWhereInput {
  return tenantOrPartnerWideWhere(ctx);
}

export async function getSlaOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<SlaDefinition> {
  const found = await client.slaDefinition.findFirst({ where: { AND: [{ id }, slaWhere(ctx)] } });
  if (!found) throw notFound('SLA definition');
  return found;
}

export async function lockSla(tx: DbOrTx, ctx: ScopedContext, id: string): Promise<SlaDefinition> {
  const found = await getSlaOrThrow(ctx, id, tx);
  await tx.$executeRaw`select 1 from sla_definitions where id = ${found.id}::uuid for update`;
  if (found.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide SLA definitions need access to every organization');
  return found;
}

export function slaDto(s: SlaDefinition): TSla {
  return {
    id: s.id,
    orgId: s.orgId,
    name: s.name,
    description: s.description,
    targetKind: s.targetKind,
    responseMinutes: s.responseMinutes,
    resolveMinutes: s.resolveMinutes,
    severities: s.severities as TSla['severities'],
    priorities: s.priorities as TSla['priorities'],
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
