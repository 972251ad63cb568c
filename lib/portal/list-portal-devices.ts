// GET /portal/devices — THE one place the portal reads devices.
//
// A portal user's devices are (a) the organization's RMM devices (the `devices` table of the
// devices domain: status and last-seen time reported by their agents), excluding decommissioned
// and uninstalled ones, and (b) the organization's assets of kind `device` that no agent reports
// (org_assets rows whose device_id names no live device): status `unknown`, no last-seen time.
// An asset linked to a device (org_assets.device_id) lends that device its asset tag, serial
// number and model. Tenancy (partner_id and org_id of the portal session) is in every WHERE below.
import type { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { PortalContext } from '@/lib/auth/context';
import { pageResult } from '@/lib/http/pagination';
import { DEVICE_STATUSES, type TPortalDevice, type ZListPortalDevicesQuery } from '@/lib/portal/devices/schemas';

interface Row {
  id: string;
  name: string;
  os: string | null;
  model: string | null;
  status: string;
  last_seen_at: Date | null;
  asset_tag: string | null;
  serial_number: string | null;
  site_id: string | null;
  site_name: string | null;
  total: bigint;
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listPortalDevices(ctx: PortalContext, query: z.output<typeof ZListPortalDevicesQuery>) {
  const pattern = query.search ? likePattern(query.search) : null;
  const agentDevices = Prisma.sql`
      select d.id, coalesce(nullif(d.display_name, ''), d.hostname) as name,
             nullif(concat_ws(' ', case d.os_type::text when 'windows' then 'Windows' when 'macos' then 'macOS' when 'linux' then 'Linux' end, d.os_version), '') as os,
             nullif(concat_ws(' ', a.manufacturer, a.model), '') as model,
             d.status::text as status, d.last_seen_at, a.asset_tag, a.serial_number, coalesce(d.site_id, a.site_id) as site_id
      from devices d
      left join lateral (
        select * from org_assets a where a.device_id = d.id and a.org_id = d.org_id and a.deleted_at is null order by a.created_at limit 1
      ) a on true
      where d.partner_id = ${ctx.partnerId}::uuid and d.org_id = ${ctx.orgId}::uuid
        and d.decommissioned_at is null and d.status::text not in ('decommissioned', 'uninstalled')`;
  const recorded = Prisma.sql`
      select a.id, a.name, null::text as os, nullif(concat_ws(' ', a.manufacturer, a.model), '') as model,
             'unknown' as status, null::timestamptz as last_seen_at, a.asset_tag, a.serial_number, a.site_id
      from org_assets a
      where a.partner_id = ${ctx.partnerId}::uuid and a.org_id = ${ctx.orgId}::uuid and a.kind = 'device' and a.deleted_at is null
        and (a.device_id is null or not exists (select 1 from agent_devices ad where ad.id = a.device_id))`;
  const rows = await db.$queryRaw<Row[]>`
    with agent_devices as (${agentDevices}), recorded as (${recorded}),
    listed as (select * from agent_devices union all select * from recorded)
    select l.*, s.name as site_name, count(*) over () as total
    from listed l
    left join sites s on s.id = l.site_id and s.deleted_at is null
    where ${pattern}::text is null or l.name ilike ${pattern} or l.asset_tag ilike ${pattern}
    order by lower(l.name), l.id
    limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  const data: TPortalDevice[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    os: r.os,
    model: r.model,
    status: (DEVICE_STATUSES as readonly string[]).includes(r.status) ? (r.status as TPortalDevice['status']) : 'unknown',
    lastSeenAt: r.last_seen_at?.toISOString() ?? null,
    assetTag: r.asset_tag,
    serialNumber: r.serial_number,
    site: r.site_id && r.site_name ? { id: r.site_id, name: r.site_name } : null,
  }));
  // A page past the end has no rows to carry the total: count again only then.
  const total = rows.length > 0 ? Number(rows[0].total) : query.page > 1 ? await countPortalDevices(ctx, query) : 0;
  return pageResult(data, query, total);
}

async function countPortalDevices(ctx: PortalContext, query: z.output<typeof ZListPortalDevicesQuery>): Promise<number> {
  const all = await listPortalDevices(ctx, { ...query, page: 1, limit: 1 });
  return all.pagination.total;
}
