// Reads of policies and of their stored compliance: never an evaluation on read.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { ComplianceStatus, ListPoliciesQuery, PolicyCheck, PolicyComplianceQuery, ResultStatus, TPolicy } from '@/lib/policies/schemas';
import { getPolicyOrThrow, policyWhere } from '@/lib/policies/policy-scope';
import { complianceCounts, toPolicyDto, toPolicyDtos } from '@/lib/policies/to-policy-dto';

export async function listPolicies(ctx: ScopedContext, query: ListPoliciesQuery) {
  const where: Prisma.PolicyWhereInput = {
    AND: [
      policyWhere(ctx),
      query.active ? { active: query.active === 'true' } : {},
      query.orgId ? { orgId: query.orgId } : {},
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
    ],
  };
  const [rows, total] = await Promise.all([db.policy.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }), db.policy.count({ where })]);
  return pageResult(await toPolicyDtos(db, rows), query, total);
}

export async function getPolicy(ctx: ScopedContext, id: string): Promise<TPolicy> {
  return toPolicyDto(db, await getPolicyOrThrow(ctx, id));
}

/** Compliance rows are device rows: the caller sees those of its organizations only. */
const complianceScope = (ctx: ScopedContext): Prisma.DevicePolicyComplianceWhereInput => tenantWhere(ctx);

type ComplianceRow = Prisma.DevicePolicyComplianceGetPayload<{ include: { device: { select: { hostname: true } }; policy: { select: { name: true; checks: true } } } }>;

async function withChecks(rows: ComplianceRow[]) {
  if (!rows.length) return [];
  const results = await db.devicePolicyResult.findMany({
    where: { OR: rows.map((r) => ({ deviceId: r.deviceId, policyId: r.policyId })) },
    orderBy: { checkId: 'asc' },
  });
  return rows.map((r) => {
    const kinds = new Map((r.policy.checks as PolicyCheck[]).map((c) => [c.id, c.kind]));
    return {
      deviceId: r.deviceId,
      hostname: r.device.hostname,
      orgId: r.orgId,
      policyId: r.policyId,
      policyName: r.policy.name,
      status: r.status as ComplianceStatus,
      lastEvaluatedAt: r.lastEvaluatedAt.toISOString(),
      changedAt: r.changedAt.toISOString(),
      checks: results
        .filter((x) => x.deviceId === r.deviceId && x.policyId === r.policyId)
        .map((x) => ({ checkId: x.checkId, kind: kinds.get(x.checkId) ?? null, status: x.status as ResultStatus, detail: x.detail, evaluatedAt: x.evaluatedAt.toISOString(), changedAt: x.changedAt.toISOString() })),
    };
  });
}

const include = { device: { select: { hostname: true } }, policy: { select: { name: true, checks: true } } } as const;

export async function listPolicyCompliance(ctx: ScopedContext, id: string, query: PolicyComplianceQuery) {
  await getPolicyOrThrow(ctx, id);
  const where: Prisma.DevicePolicyComplianceWhereInput = { AND: [complianceScope(ctx), { policyId: id }, query.status ? { status: query.status } : {}] };
  // Failing devices first, then the longest in their state.
  const [rows, total] = await Promise.all([
    db.devicePolicyCompliance.findMany({ where, include, orderBy: [{ status: 'asc' }, { changedAt: 'asc' }, { deviceId: 'asc' }], ...pageArgs(query) }),
    db.devicePolicyCompliance.count({ where }),
  ]);
  return pageResult(await withChecks(rows), query, total);
}

export async function deviceCompliance(ctx: ScopedContext, deviceId: string) {
  const device = await db.device.findFirst({ where: { id: deviceId, ...tenantWhere(ctx) }, select: { id: true } });
  if (!device) throw notFound('Device');
  const rows = await db.devicePolicyCompliance.findMany({ where: { deviceId, policy: { active: true } }, include, orderBy: [{ status: 'asc' }, { policyId: 'asc' }] });
  const data = await withChecks(rows);
  const worst: ComplianceStatus | null = data.some((d) => d.status === 'non_compliant') ? 'non_compliant' : data.some((d) => d.status === 'pending') ? 'pending' : data.length ? 'compliant' : null;
  return { deviceId, status: worst, policies: data };
}

export async function complianceSummary(ctx: ScopedContext, query: ListPoliciesQuery) {
  const where: Prisma.PolicyWhereInput = { AND: [policyWhere(ctx), query.active ? { active: query.active === 'true' } : { active: true }, query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {}] };
  const [rows, total] = await Promise.all([db.policy.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query), select: { id: true, name: true, orgId: true } }), db.policy.count({ where })]);
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db.devicePolicyCompliance.groupBy({ by: ['policyId', 'status'], where: { AND: [complianceScope(ctx), { policyId: { in: ids } }] }, _count: { _all: true }, _max: { lastEvaluatedAt: true } })
    : [];
  const data = rows.map((p) => {
    const mine = counts.filter((c) => c.policyId === p.id);
    const n = (s: string) => mine.find((c) => c.status === s)?._count._all ?? 0;
    const last = mine.map((c) => c._max.lastEvaluatedAt).filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
    return { policyId: p.id, name: p.name, orgId: p.orgId, lastEvaluatedAt: last?.toISOString() ?? null, ...complianceCounts(n('compliant'), n('non_compliant'), n('pending')) };
  });
  return pageResult(data, query, total);
}

export async function complianceStats(ctx: ScopedContext) {
  const scope = tenantWhere(ctx);
  const active = { active: true };
  const [total, activeCount, pairs, checks, devices] = await Promise.all([
    db.policy.count({ where: policyWhere(ctx) }),
    db.policy.count({ where: { AND: [policyWhere(ctx), active] } }),
    db.devicePolicyCompliance.groupBy({ by: ['status'], where: { ...scope, policy: active }, _count: { _all: true } }),
    db.devicePolicyResult.groupBy({ by: ['status'], where: { ...scope, policy: active }, _count: { _all: true } }),
    deviceRollup(ctx),
  ]);
  const pair = (s: string) => pairs.find((c) => c.status === s)?._count._all ?? 0;
  const check = (s: string) => checks.find((c) => c.status === s)?._count._all ?? 0;
  return {
    policies: { total, active: activeCount },
    devices,
    assignments: complianceCounts(pair('compliant'), pair('non_compliant'), pair('pending')),
    checks: { pass: check('pass'), fail: check('fail'), error: check('error'), unsupported: check('unsupported'), pending: check('pending') },
  };
}

/** Per device, its worst state over active policies, counted in SQL. */
async function deviceRollup(ctx: ScopedContext) {
  const scope = tenantWhere(ctx);
  const orgIds = scope.orgId === undefined ? null : typeof scope.orgId === 'string' ? [scope.orgId] : scope.orgId.in;
  const [row] = await db.$queryRaw<{ evaluated: number; compliant: number; non_compliant: number; pending: number }[]>`
    with per_device as (
      select c.device_id, bool_or(c.status = 'non_compliant') as bad, bool_or(c.status = 'pending') as waiting
      from device_policy_compliance c join policies p on p.id = c.policy_id and p.active
      where (${scope.partnerId ?? null}::uuid is null or c.partner_id = ${scope.partnerId ?? null}::uuid)
        and (${orgIds}::uuid[] is null or c.org_id = any(${orgIds}::uuid[]))
      group by c.device_id)
    select count(*)::int as evaluated, count(*) filter (where not bad and not waiting)::int as compliant,
           count(*) filter (where bad)::int as non_compliant, count(*) filter (where not bad and waiting)::int as pending
    from per_device`;
  return { evaluated: row.evaluated, compliant: row.compliant, nonCompliant: row.non_compliant, pending: row.pending };
}
