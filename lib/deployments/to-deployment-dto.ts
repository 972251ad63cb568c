// Deployment rows to the API shape, with progress counted from the device rows in one grouped
// query for a whole page and the targets' display names looked up per target kind.
import type { DbOrTx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { Deployment, Prisma } from '@/lib/generated/prisma/client';
import { DEPLOYMENT_DEVICE_STATUSES, TERMINAL_DEVICE_STATUSES, type DeploymentPayload, type TDeployment, type TDeploymentProgress } from '@/lib/deployments/schemas';

type Counts = Omit<TDeploymentProgress, 'total' | 'percentComplete'>;

const zero = (): Counts => Object.fromEntries(DEPLOYMENT_DEVICE_STATUSES.map((s) => [s, 0])) as Counts;

/**
 * Counts per deployment. A queued row whose command the agent already claimed reads `running`
 * (derived here rather than written on the agent's hot path).
 */
export async function loadProgress(client: DbOrTx, ids: string[]): Promise<Map<string, TDeploymentProgress>> {
  const out = new Map<string, TDeploymentProgress>();
  if (ids.length === 0) return out;
  const rows = await client.$queryRaw<{ deployment_id: string; status: keyof Counts; n: number }[]>`
    select dd.deployment_id::text, case when dd.status = 'queued' and c.status = 'sent' then 'running' else dd.status::text end as status, count(*)::int as n
    from deployment_devices dd left join device_commands c on c.id = dd.command_id and dd.status = 'queued'
    where dd.deployment_id = any(${ids}::uuid[])
    group by 1, 2`;
  const counts = new Map<string, Counts>();
  for (const r of rows) {
    const c = counts.get(r.deployment_id) ?? zero();
    c[r.status] += r.n;
    counts.set(r.deployment_id, c);
  }
  for (const id of ids) {
    const c = counts.get(id) ?? zero();
    const total = Object.values(c).reduce((a, b) => a + b, 0);
    const done = TERMINAL_DEVICE_STATUSES.reduce((a, s) => a + c[s], 0);
    out.set(id, { total, ...c, percentComplete: total ? Math.floor((done * 100) / total) : 0 });
  }
  return out;
}

// orgId null: a partner-wide record (a shared filter not limited to one organization).
type Named = { id: string; partnerId: string; orgId: string | null; name: string };

/**
 * Display names of the deployments' targets by id: organization, site, group and filter names, device
 * hostnames. Only records of the deployment's own partner that the caller may open are named (a
 * partner-wide deployment can target organizations a restricted technician does not see); an id
 * whose record is gone or hidden is left out.
 */
export async function loadTargetNames(ctx: ScopedContext, client: DbOrTx, rows: Deployment[]): Promise<Map<string, Record<string, string>>> {
  const scope = tenantWhere(ctx).orgId;
  const visible = (orgId: string | null) => scope === undefined || orgId === null || (typeof scope === 'string' ? scope === orgId : scope.in.includes(orgId));
  const ids = (pick: (d: Deployment) => string[]) => [...new Set(rows.flatMap(pick))];
  const partnerIds = [...new Set(rows.map((r) => r.partnerId))];
  const orgIds = ids((d) => d.targetOrgIds);
  const siteIds = ids((d) => d.targetSiteIds);
  const groupIds = ids((d) => d.targetGroupIds);
  const deviceIds = ids((d) => d.targetDeviceIds);
  const filterIds = ids((d) => d.targetFilterIds);
  const select = { id: true, partnerId: true, orgId: true, name: true } as const;
  const [orgs, sites, groups, devices, filters] = await Promise.all([
    orgIds.length ? client.organization.findMany({ where: { id: { in: orgIds }, partnerId: { in: partnerIds } }, select: { id: true, partnerId: true, name: true } }) : [],
    siteIds.length ? client.site.findMany({ where: { id: { in: siteIds }, partnerId: { in: partnerIds } }, select }) : [],
    groupIds.length ? client.deviceGroup.findMany({ where: { id: { in: groupIds }, partnerId: { in: partnerIds } }, select }) : [],
    deviceIds.length
      ? client.device.findMany({ where: { id: { in: deviceIds }, partnerId: { in: partnerIds } }, select: { id: true, partnerId: true, orgId: true, hostname: true } })
      : [],
    // Only shared filters can be targets; one made private since is not named.
    filterIds.length ? client.savedFilter.findMany({ where: { id: { in: filterIds }, partnerId: { in: partnerIds }, visibility: 'shared' }, select }) : [],
  ]);
  const named: Named[] = [...orgs.map((o) => ({ ...o, orgId: o.id })), ...sites, ...groups, ...filters, ...devices.map((d) => ({ id: d.id, partnerId: d.partnerId, orgId: d.orgId, name: d.hostname }))];
  const byId = new Map(named.filter((r) => visible(r.orgId)).map((r) => [r.id, r]));
  const out = new Map<string, Record<string, string>>();
  for (const d of rows) {
    const names: Record<string, string> = {};
    for (const id of [...d.targetOrgIds, ...d.targetSiteIds, ...d.targetGroupIds, ...d.targetDeviceIds, ...d.targetFilterIds]) {
      const found = byId.get(id);
      if (found && found.partnerId === d.partnerId) names[id] = found.name;
    }
    out.set(d.id, names);
  }
  return out;
}

export function toDeploymentDto(d: Deployment, progress: TDeploymentProgress, targetNames: Record<string, string> = {}): TDeployment {
  return {
    id: d.id,
    orgId: d.orgId,
    name: d.name,
    description: d.description,
    kind: d.kind,
    payload: d.payload as DeploymentPayload,
    targets: { orgIds: d.targetOrgIds, siteIds: d.targetSiteIds, groupIds: d.targetGroupIds, deviceIds: d.targetDeviceIds, filterIds: d.targetFilterIds },
    targetNames,
    rollout: { strategy: d.strategy, batchSize: d.batchSize, batchPercent: d.batchPercent, failureThresholdPercent: d.failureThresholdPercent, batchIntervalMinutes: d.batchIntervalMinutes },
    schedule: { maintenanceWindowOnly: d.maintenanceWindowOnly, deadline: d.deadline?.toISOString() ?? null },
    status: d.status,
    pauseReason: d.pauseReason,
    currentBatch: d.currentBatch,
    totalBatches: d.totalBatches,
    progress,
    createdBy: d.createdBy,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    startedAt: d.startedAt?.toISOString() ?? null,
    completedAt: d.completedAt?.toISOString() ?? null,
  };
}

export async function toDeploymentDtos(ctx: ScopedContext, client: DbOrTx, rows: Deployment[]): Promise<TDeployment[]> {
  const [progress, names] = await Promise.all([loadProgress(client, rows.map((r) => r.id)), loadTargetNames(ctx, client, rows)]);
  return rows.map((r) => toDeploymentDto(r, progress.get(r.id)!, names.get(r.id)));
}

export async function deploymentDto(ctx: ScopedContext, client: DbOrTx, row: Deployment): Promise<TDeployment> {
  return (await toDeploymentDtos(ctx, client, [row]))[0];
}

export type DeploymentData = Prisma.DeploymentUncheckedCreateInput;
