// POST /analytics/query: a validated query of the grammar, run within the caller's scope. SQL
// sources run as one statement under a statement timeout; metric measures go through the metric
// history reader with their own device bound (run-metric-query.ts).
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Permission } from '@/lib/auth/permissions';
import { AppError, forbidden } from '@/lib/http/errors';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { compileQuery, measureUnit } from '@/lib/analytics/compile-query';
import { runMetricQuery, type MetricGroup } from '@/lib/analytics/run-metric-query';
import { rowScopeSql } from '@/lib/analytics/row-scope-sql';
import { labelsFor } from '@/lib/analytics/labels';
import { resolveTimeRange, type AnalyticsQuery, type QuerySource, type TAnalyticsResult } from '@/lib/analytics/query-schemas';

/** A query statement taking longer is cancelled by PostgreSQL (and answered 422). */
export const QUERY_TIMEOUT_MS = 10_000;

const SOURCE_PERMISSION: Record<QuerySource, Permission> = { alerts: 'alerts:read', tickets: 'tickets:read', devices: 'devices:read', metrics: 'devices:read' };

/** True for PostgreSQL's query_canceled (57014), however Prisma and its adapter wrap it. */
export function isStatementTimeout(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown; code?: unknown } };
  if (e.code === '57014' || e.originalCode === '57014' || e.meta?.code === '57014') return true;
  return isStatementTimeout(e.meta?.driverAdapterError, depth + 1) || isStatementTimeout(e.cause, depth + 1);
}

type Row = { k0?: unknown; k1?: unknown; value: number | null; n: number };

async function runSql(ctx: ActorContext, query: Exclude<AnalyticsQuery, { source: 'metrics' }>, range: { from: Date; to: Date } | null): Promise<MetricGroup[]> {
  const scope = query.source === 'devices' ? deviceScopeSql(ctx) : rowScopeSql(ctx, 'x');
  const sql = compileQuery(query, scope, range);
  try {
    const rows = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`set local statement_timeout = ${QUERY_TIMEOUT_MS}`);
      return tx.$queryRaw<Row[]>(sql);
    });
    return rows.map((r) => {
      const keys: Record<string, string | null> = {};
      query.dimensions.forEach((d, i) => {
        const k = i === 0 ? r.k0 : r.k1;
        keys[d] = k === null || k === undefined ? null : k instanceof Date ? k.toISOString() : String(k);
      });
      return { keys, value: r.value === null ? null : Number(r.value), count: Number(r.n) };
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError('QUERY_TOO_COSTLY', 422, `The query ran longer than ${QUERY_TIMEOUT_MS / 1000} s; shorten the range or narrow the filters`);
    throw error;
  }
}

export async function runAnalyticsQuery(ctx: ActorContext, query: AnalyticsQuery, now = new Date()): Promise<TAnalyticsResult> {
  const needed = SOURCE_PERMISSION[query.source];
  if (!ctx.permissions.has(needed)) throw forbidden(`Querying ${query.source} needs ${needed}`);
  const range = query.source === 'devices' ? null : resolveTimeRange(query.timeRange, now);
  const groups = query.source === 'metrics' ? await runMetricQuery(ctx, query, range!) : await runSql(ctx, query, range);
  const rows = groups.slice(0, query.limit);
  const pick = (dim: string) => rows.map((r) => r.keys[dim]).filter((v): v is string => typeof v === 'string');
  return {
    source: query.source,
    measure: query.measure,
    dimensions: query.dimensions,
    unit: query.source === 'metrics' ? 'percent' : measureUnit(query.source, query.measure),
    timeRange: range ? { from: range.from.toISOString(), to: range.to.toISOString() } : null,
    bucket: query.bucket ?? null,
    rows,
    labels: await labelsFor(ctx, { org: pick('org'), site: pick('site'), device: pick('device') }),
    truncated: groups.length > query.limit,
  };
}
