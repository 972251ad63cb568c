// GET /plugins/installations/:id/logs: the API calls made with the plugin's credential and the
// deliveries of its subscription, merged newest first in one query, page mode.
import { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageResult } from '@/lib/http/pagination';
import { MATCH_NOTHING_ID } from '@/lib/tenancy/scope';
import { getPluginInstallationOrThrow } from '@/lib/plugins/installation-scope';
import type { TPluginLogEntry, ZPluginLogsQuery } from '@/lib/plugins/schemas';

interface LogRow {
  kind: 'api_call' | 'delivery';
  id: string;
  at: Date;
  method: string | null;
  route: string | null;
  event: string | null;
  status: string;
  response_status: number | null;
  attempt: number | null;
  duration_ms: number | null;
  error: string | null;
  total: number;
}

export async function listPluginLogs(ctx: ActorContext, id: string, query: z.output<typeof ZPluginLogsQuery>) {
  const installation = await getPluginInstallationOrThrow(ctx, id);
  const webhookId = installation.webhookId ?? MATCH_NOTHING_ID;
  const calls = Prisma.sql`
    select 'api_call' as kind, id, created_at as at, method, route, null::text as event, status::text as status,
      status as response_status, null::int as attempt, duration_ms, null::text as error
    from plugin_api_calls where installation_id = ${installation.id}::uuid`;
  const deliveries = Prisma.sql`
    select 'delivery' as kind, id, created_at as at, null::text as method, null::text as route, event::text, status::text,
      response_status, attempt, duration_ms, error_message::text as error
    from webhook_deliveries where webhook_id = ${webhookId}::uuid`;
  const source = query.kind === 'api_call' ? calls : query.kind === 'delivery' ? deliveries : Prisma.sql`${calls} union all ${deliveries}`;
  const rows = await db.$queryRaw<LogRow[]>(Prisma.sql`
    select x.*, count(*) over ()::int as total from (${source}) x
    order by x.at desc, x.id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
  const total = rows[0]?.total ?? (query.page > 1 ? await countLogs(source) : 0);
  const data: TPluginLogEntry[] = rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    at: r.at.toISOString(),
    method: r.method,
    route: r.route,
    event: r.event,
    status: r.status,
    responseStatus: r.response_status,
    attempt: r.kind === 'delivery' ? r.attempt : null,
    durationMs: r.duration_ms,
    error: r.error,
  }));
  return pageResult(data, query, total);
}

/** The total for a page past the end (no row to carry the window count). */
async function countLogs(source: Prisma.Sql): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>(Prisma.sql`select count(*)::int as n from (${source}) x`);
  return rows[0]?.n ?? 0;
}
