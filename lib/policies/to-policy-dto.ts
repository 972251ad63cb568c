import type { DbOrTx } from '@/lib/db';
import type { Policy } from '@/lib/generated/prisma/client';
import type { Assignment, PolicyCheck, PolicySettings, TPolicy } from '@/lib/policies/schemas';

type Counts = TPolicy['compliance'];

export function complianceCounts(compliant: number, nonCompliant: number, pending: number): Counts {
  const decided = compliant + nonCompliant;
  return { compliant, nonCompliant, pending, total: decided + pending, compliancePercent: decided ? Math.round((compliant / decided) * 1000) / 10 : null };
}

/** DTOs of many policies with their assignments and compliance counts in two queries. */
export async function toPolicyDtos(client: DbOrTx, rows: Policy[]): Promise<TPolicy[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [assignments, counts] = await Promise.all([
    client.policyAssignment.findMany({ where: { policyId: { in: ids } }, orderBy: [{ targetType: 'asc' }, { createdAt: 'asc' }] }),
    client.devicePolicyCompliance.groupBy({ by: ['policyId', 'status'], where: { policyId: { in: ids } }, _count: { _all: true } }),
  ]);
  return rows.map((p) => {
    const n = (s: string) => counts.find((c) => c.policyId === p.id && c.status === s)?._count._all ?? 0;
    return {
      id: p.id,
      partnerId: p.partnerId,
      orgId: p.orgId,
      name: p.name,
      description: p.description,
      active: p.active,
      settings: p.settings as PolicySettings,
      checks: p.checks as PolicyCheck[],
      assignments: assignments.filter((a) => a.policyId === p.id).map((a) => ({ targetType: a.targetType as Assignment['targetType'], targetId: a.targetId })),
      compliance: complianceCounts(n('compliant'), n('non_compliant'), n('pending')),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      deactivatedAt: p.deactivatedAt?.toISOString() ?? null,
    };
  });
}

export async function toPolicyDto(client: DbOrTx, row: Policy): Promise<TPolicy> {
  return (await toPolicyDtos(client, [row]))[0];
}
