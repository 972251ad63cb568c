// GET /script-library/scripts/:id/usage-stats: executions of the script the caller can see.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';
import { getScriptOrThrow } from '@/lib/scripts/get-script-or-throw';

export async function getUsageStats(ctx: ScopedContext, scriptId: string) {
  await getScriptOrThrow(ctx, scriptId);
  const where = { scriptId, ...tenantWhere(ctx) };
  const [groups, last, devices] = await Promise.all([
    db.scriptExecution.groupBy({ by: ['status'], where, _count: { _all: true } }),
    db.scriptExecution.findFirst({ where, orderBy: { createdAt: 'desc' }, select: { createdAt: true, status: true } }),
    db.scriptExecution.findMany({ where, distinct: ['deviceId'], select: { deviceId: true } }),
  ]);
  const count = (s: string) => groups.find((g) => g.status === s)?._count._all ?? 0;
  const completed = count('completed');
  const failed = count('failed');
  const timedOut = count('timed_out');
  const finished = completed + failed + timedOut;
  return {
    scriptId,
    executions: groups.reduce((n, g) => n + g._count._all, 0),
    completed,
    failed,
    timedOut,
    cancelled: count('cancelled'),
    inProgress: count('pending') + count('running'),
    successRate: finished ? completed / finished : null,
    lastRunAt: last?.createdAt.toISOString() ?? null,
    lastStatus: last?.status ?? null,
    devices: devices.length,
  };
}
