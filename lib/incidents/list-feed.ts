// GET /incidents/feed: tracked incidents and not-yet-promoted EDR findings in one list, ordered by
// severity rank (p1 first), then detection time (newest first), then id; paged in SQL over the
// union so totals and pages stay right at any size. Finding rows need devices:read on top of
// alerts:read: without it the feed holds tracked incidents only.
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { FeedQuery, TFeedRow } from '@/lib/incidents/schemas';

function scopeSql(ctx: ActorContext, query: FeedQuery): Prisma.Sql {
  const t = tenantWhere(ctx);
  const parts: Prisma.Sql[] = [Prisma.sql`true`];
  if (t.partnerId) parts.push(Prisma.sql`partner_id = ${t.partnerId}::uuid`);
  if (typeof t.orgId === 'string') parts.push(Prisma.sql`org_id = ${t.orgId}::uuid`);
  else if (t.orgId) parts.push(t.orgId.in.length ? Prisma.sql`org_id = ANY(${t.orgId.in}::uuid[])` : Prisma.sql`false`);
  if (query.orgId) parts.push(Prisma.sql`org_id = ${query.orgId}::uuid`);
  return Prisma.join(parts, ' AND ');
}

interface Row {
  kind: 'tracked' | 'finding';
  source: TFeedRow['source'];
  source_id: string;
  title: string;
  severity: TFeedRow['severity'];
  edr_status: string | null;
  status: string;
  device_id: string | null;
  detected_at: Date;
  tracked_incident_id: string | null;
  link_out: string | null;
}

export async function listIncidentFeed(ctx: ActorContext, query: FeedQuery) {
  const seesFindings = ctx.permissions.has('devices:read');
  const scope = scopeSql(ctx, query);
  const wantTracked = query.kind !== 'finding' && (!query.source || query.source === 'native');
  const wantFindings = seesFindings && query.kind !== 'tracked' && query.source !== 'native';
  const parts: Prisma.Sql[] = [];
  if (wantTracked) {
    parts.push(Prisma.sql`
      SELECT 'tracked' AS kind, 'native' AS source, id::text AS source_id, title, severity, edr_status, status, device_id, detected_at,
             CASE WHEN source_kind = 'finding' THEN id END AS tracked_incident_id, NULL::text AS link_out
      FROM incidents WHERE ${scope}`);
  }
  if (wantFindings) {
    const source = query.source ? Prisma.sql`AND source = ${query.source}` : Prisma.empty;
    parts.push(Prisma.sql`
      SELECT 'finding' AS kind, source, id::text AS source_id, title, severity, edr_status, 'untracked' AS status, device_id, detected_at,
             NULL::uuid AS tracked_incident_id, link_out
      FROM edr_findings WHERE ${scope} AND tracked_incident_id IS NULL ${source}`);
  }
  if (!parts.length) return pageResult<TFeedRow>([], query, 0);
  const union = Prisma.join(parts, ' UNION ALL ');
  const [rows, [{ total }]] = await Promise.all([
    db.$queryRaw<Row[]>`SELECT * FROM (${union}) feed ORDER BY severity ASC, detected_at DESC, source_id ASC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM (${union}) feed`,
  ]);
  const data: TFeedRow[] = rows.map((r) => ({
    kind: r.kind,
    source: r.source,
    sourceId: r.source_id,
    title: r.title,
    severity: r.severity,
    edrStatus: r.edr_status,
    status: r.status,
    deviceId: r.device_id,
    detectedAt: r.detected_at.toISOString(),
    trackedIncidentId: r.tracked_incident_id,
    linkOut: r.link_out,
  }));
  return pageResult(data, query, total);
}
