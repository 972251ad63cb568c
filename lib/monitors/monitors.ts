// Monitor CRUD, results and the dashboard. Monitors belong to one organization.
import type { z } from 'zod';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError, badRequest } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { resolveConfigOwner } from '@/lib/alerts/config-scope';
import { monitorOpenKey } from '@/lib/alerts/raise-alert';
import { transitionInTx } from '@/lib/alerts/transition-alert';
import { SYSTEM_CONTEXT } from '@/lib/alerts/system-context';
import { MONITOR_CONFIGS, MONITOR_KINDS, type ZCreateMonitor, type ZListMonitorsQuery, type ZResultsQuery, type ZUpdateMonitor } from '@/lib/monitors/schemas';
import { assertMonitorTarget } from '@/lib/monitors/assert-monitor-target';
import { getMonitorOrThrow } from '@/lib/monitors/get-monitor-or-throw';
import { toMonitorDto, toMonitorResultDto } from '@/lib/monitors/to-monitor-dto';

function assertInterval(seconds: number | undefined): void {
  const min = env().MONITOR_MIN_INTERVAL_SECONDS;
  if (seconds !== undefined && seconds < min) throw badRequest(`intervalSeconds must be at least ${min}`, [{ path: 'intervalSeconds', message: `Minimum ${min}` }]);
}

export async function createMonitor(ctx: ActorContext, input: z.output<typeof ZCreateMonitor>) {
  // Organization callers use their own organization; the others name it.
  if (!input.orgId && ctx.scope !== 'organization') throw badRequest('Organization context required', [{ path: 'orgId', message: 'Required for partner and system callers' }]);
  const owner = await resolveConfigOwner(ctx, input.orgId);
  const org = { id: owner.orgId!, partnerId: owner.partnerId };
  assertInterval(input.intervalSeconds);
  await assertMonitorTarget(input.kind, input.config);
  const monitor = await db.monitor.create({
    data: {
      partnerId: org.partnerId,
      orgId: org.id,
      name: input.name,
      kind: input.kind,
      config: input.config as Prisma.InputJsonValue,
      intervalSeconds: input.intervalSeconds,
      timeoutMs: input.timeoutMs,
      enabled: input.enabled,
      severity: input.severity,
      failureThreshold: input.failureThreshold,
      createdBy: ctx.userId,
    },
  });
  return toMonitorDto(monitor);
}

export async function updateMonitor(ctx: ScopedContext, id: string, input: z.output<typeof ZUpdateMonitor>) {
  const monitor = await getMonitorOrThrow(ctx, id);
  assertInterval(input.intervalSeconds);
  let config: Prisma.InputJsonValue | undefined;
  if (input.config !== undefined) {
    const parsed = MONITOR_CONFIGS[monitor.kind].safeParse(input.config);
    if (!parsed.success) throw badRequest('Invalid monitor configuration', parsed.error.issues.map((i) => ({ path: ['config', ...i.path].join('.'), message: i.message })));
    await assertMonitorTarget(monitor.kind, parsed.data as Record<string, unknown>);
    config = parsed.data as Prisma.InputJsonValue;
  }
  const { config: _c, ...rest } = input;
  const updated = await db.monitor.update({ where: { id: monitor.id }, data: { ...rest, ...(config !== undefined ? { config } : {}), ...(input.enabled === true && !monitor.enabled ? { nextCheckAt: new Date() } : {}) } });
  return toMonitorDto(updated);
}

/** Deletes the monitor and its results; its open alert is resolved (alerts stay, monitorId null). */
export async function deleteMonitor(ctx: ScopedContext, id: string): Promise<void> {
  const monitor = await getMonitorOrThrow(ctx, id);
  await db.$transaction(async (tx) => {
    const open = await tx.alert.findUnique({ where: { openKey: monitorOpenKey(monitor.id) }, select: { id: true } });
    if (open) {
      try {
        await transitionInTx(tx, open.id, 'resolve', { userId: null, ctx: SYSTEM_CONTEXT }, { note: 'Monitor deleted', audit: true });
      } catch (error) {
        if (!(error instanceof AppError && error.status === 409)) throw error;
      }
    }
    await tx.monitor.delete({ where: { id: monitor.id } });
  });
}

export async function listMonitors(ctx: ScopedContext, q: z.output<typeof ZListMonitorsQuery>) {
  const where: Prisma.MonitorWhereInput = { AND: [tenantWhere(ctx), q.orgId ? { orgId: q.orgId } : {}, q.kind ? { kind: q.kind } : {}, q.status ? { status: q.status } : {}] };
  const [rows, total] = await Promise.all([db.monitor.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(q) }), db.monitor.count({ where })]);
  return pageResult(rows.map(toMonitorDto), q, total);
}

export async function listMonitorResults(ctx: ScopedContext, id: string, q: z.output<typeof ZResultsQuery>) {
  const monitor = await getMonitorOrThrow(ctx, id);
  const where = { monitorId: monitor.id, ...(q.status ? { status: q.status } : {}) };
  const [rows, total] = await Promise.all([db.monitorResult.findMany({ where, orderBy: [{ checkedAt: 'desc' }, { id: 'desc' }], ...pageArgs(q) }), db.monitorResult.count({ where })]);
  return pageResult(rows.map(toMonitorResultDto), q, total);
}

export async function getMonitorDashboard(ctx: ScopedContext, q: { orgId?: string }) {
  const where: Prisma.MonitorWhereInput = { AND: [tenantWhere(ctx), q.orgId ? { orgId: q.orgId } : {}] };
  const monitors = await db.monitor.findMany({ where, orderBy: { name: 'asc' } });
  const byStatus = { up: 0, down: 0, unknown: 0 };
  const byKind = Object.fromEntries(MONITOR_KINDS.map((k) => [k, 0])) as Record<(typeof MONITOR_KINDS)[number], number>;
  for (const m of monitors) {
    byStatus[m.status === 'up' || m.status === 'down' ? m.status : 'unknown'] += 1;
    byKind[m.kind] += 1;
  }
  const latencies = monitors.filter((m) => m.status === 'up' && m.lastLatencyMs !== null).map((m) => m.lastLatencyMs!);
  const openAlerts = await db.alert.count({ where: { AND: [tenantWhere(ctx), q.orgId ? { orgId: q.orgId } : {}, { monitorId: { not: null }, openKey: { not: null } }] } });
  return {
    total: monitors.length,
    enabled: monitors.filter((m) => m.enabled).length,
    byStatus,
    byKind,
    openAlerts,
    averageLatencyMs: latencies.length ? Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length) : null,
    down: monitors.filter((m) => m.status === 'down').slice(0, 20).map(toMonitorDto),
  };
}
