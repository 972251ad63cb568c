// Device inventory: every device of the selection that existed at the end of the period
// (decommissioned ones left out), with its organization, site, operating system, agent and
// last contact; summarized by status and operating system.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { iso, selectionSql, type ReportDefinition, type ReportSelection } from '@/lib/reports/report-definition';
import type { ScopedContext } from '@/lib/auth/context';

const where = (ctx: ScopedContext, sel: ReportSelection) => Prisma.sql`${deviceScopeSql(ctx)} and ${selectionSql(sel, 'd')} and d.created_at < ${sel.to}`;

interface Row {
  hostname: string;
  display_name: string | null;
  organization: string;
  site: string | null;
  os_type: string | null;
  os_version: string | null;
  architecture: string | null;
  agent_version: string | null;
  status: string;
  last_seen_at: Date | null;
  enrolled_at: Date | null;
}

export const deviceInventory: ReportDefinition = {
  title: 'Device inventory',
  description: 'Devices that existed at the end of the period (decommissioned ones left out) with organization, site, operating system, agent version, status and last contact; summarized by status and operating system',
  landscape: true,
  columns: [
    { key: 'hostname', header: 'Hostname' },
    { key: 'organization', header: 'Organization' },
    { key: 'site', header: 'Site', width: 80 },
    { key: 'osType', header: 'OS', width: 50 },
    { key: 'osVersion', header: 'OS version', width: 110 },
    { key: 'agentVersion', header: 'Agent', width: 50 },
    { key: 'status', header: 'Status', width: 55 },
    { key: 'lastSeenAt', header: 'Last seen', width: 120 },
  ],
  async rows(ctx, sel, page) {
    const w = where(ctx, sel);
    const [rows, count] = await Promise.all([
      db.$queryRaw<Row[]>`
        select d.hostname, d.display_name, o.name as organization, s.name as site, d.os_type::text, d.os_version, d.architecture, d.agent_version,
          d.status::text, d.last_seen_at, d.enrolled_at
        from devices d join organizations o on o.id = d.org_id left join sites s on s.id = d.site_id
        where ${w}
        order by o.name, d.hostname, d.id
        limit ${page.limit} offset ${page.offset}`,
      db.$queryRaw<{ n: number }[]>`select count(*)::int as n from devices d where ${w}`,
    ]);
    return {
      total: count[0].n,
      rows: rows.map((r) => ({
        hostname: r.hostname,
        displayName: r.display_name,
        organization: r.organization,
        site: r.site,
        osType: r.os_type,
        osVersion: r.os_version,
        architecture: r.architecture,
        agentVersion: r.agent_version,
        status: r.status,
        lastSeenAt: iso(r.last_seen_at),
        enrolledAt: iso(r.enrolled_at),
      })),
    };
  },
  async summary(ctx, sel) {
    const rows = await db.$queryRaw<{ total: number; online: number; offline: number; os: Record<string, number> | null }[]>`
      with x as (select d.status, coalesce(d.os_type::text, 'unknown') as os from devices d where ${where(ctx, sel)})
      select count(*)::int as total, count(*) filter (where status = 'online')::int as online, count(*) filter (where status = 'offline')::int as offline,
        (select jsonb_object_agg(os, n) from (select os, count(*)::int as n from x group by os) g) as os
      from x`;
    const r = rows[0];
    const os = Object.entries(r.os ?? {}).sort((a, b) => b[1] - a[1]);
    return {
      figures: [
        { label: 'Devices', value: String(r.total) },
        { label: 'Online', value: String(r.online) },
        { label: 'Offline', value: String(r.offline) },
        ...os.map(([name, n]) => ({ label: `OS: ${name}`, value: String(n) })),
      ],
      chart: { title: 'Devices by operating system', bars: os.map(([label, value]) => ({ label, value })) },
    };
  },
};
