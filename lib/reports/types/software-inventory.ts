// Software inventory: each title and version installed on devices of the selection, with the
// number of devices that have it and its publisher; a period narrows it to software installed
// in it when the device reported an install date.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { selectionSql, type ReportDefinition, type ReportSelection } from '@/lib/reports/report-definition';
import type { ScopedContext } from '@/lib/auth/context';

const where = (ctx: ScopedContext, sel: ReportSelection) =>
  Prisma.sql`${deviceScopeSql(ctx)} and ${selectionSql(sel, 'd')} and (sw.installed_at is null or sw.installed_at < ${sel.to})`;

export const softwareInventory: ReportDefinition = {
  title: 'Software inventory',
  description: 'Installed software titles and versions with the number of devices that have each (installs dated after the period left out)',
  columns: [
    { key: 'name', header: 'Software' },
    { key: 'version', header: 'Version', width: 90 },
    { key: 'publisher', header: 'Publisher', width: 120 },
    { key: 'devices', header: 'Devices', width: 55, align: 'right' },
  ],
  async rows(ctx, sel, page) {
    const w = where(ctx, sel);
    const [rows, count] = await Promise.all([
      db.$queryRaw<{ name: string; version: string | null; publisher: string | null; devices: number }[]>`
        select sw.name, sw.version, max(sw.publisher) as publisher, count(distinct sw.device_id)::int as devices
        from device_software sw join devices d on d.id = sw.device_id
        where ${w}
        group by sw.name, sw.version
        order by devices desc, sw.name, sw.version nulls first
        limit ${page.limit} offset ${page.offset}`,
      db.$queryRaw<{ n: number }[]>`
        select count(*)::int as n from (select 1 from device_software sw join devices d on d.id = sw.device_id where ${w} group by sw.name, sw.version) g`,
    ]);
    return { total: count[0].n, rows: rows.map((r) => ({ name: r.name, version: r.version, publisher: r.publisher, devices: r.devices })) };
  },
  async summary(ctx, sel) {
    const w = where(ctx, sel);
    const [totals] = await db.$queryRaw<{ titles: number; installs: number; devices: number }[]>`
      select count(distinct sw.name)::int as titles, count(*)::int as installs, count(distinct sw.device_id)::int as devices
      from device_software sw join devices d on d.id = sw.device_id where ${w}`;
    const top = await db.$queryRaw<{ name: string; devices: number }[]>`
      select sw.name, count(distinct sw.device_id)::int as devices from device_software sw join devices d on d.id = sw.device_id
      where ${w} group by sw.name order by devices desc, sw.name limit 10`;
    return {
      figures: [
        { label: 'Titles', value: String(totals.titles) },
        { label: 'Installations', value: String(totals.installs) },
        { label: 'Devices reporting software', value: String(totals.devices) },
      ],
      chart: { title: 'Most installed titles (devices)', bars: top.map((t) => ({ label: t.name, value: t.devices })) },
    };
  },
};
