// Availability and resource use per device over the period, read through the metric-history
// query module (lib/metric-history/read.ts): availability is the share of 5-minute intervals
// with a heartbeat; CPU, memory and disk are averages and peaks. Devices are selected and paged
// in SQL under the caller's scope, then their metrics are read by id.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { readMetricSummary, type DeviceMetricSummary } from '@/lib/metric-history/read';
import { round1, selectionSql, type ReportDefinition, type ReportSelection } from '@/lib/reports/report-definition';
import type { ScopedContext } from '@/lib/auth/context';

const where = (ctx: ScopedContext, sel: ReportSelection) => Prisma.sql`${deviceScopeSql(ctx)} and ${selectionSql(sel, 'd')} and d.created_at < ${sel.to}`;
/** Devices the summary averages over (the rows page through all of them). */
const SUMMARY_DEVICES = 5000;

const avg = (values: (number | null)[]) => {
  const v = values.filter((x): x is number => x !== null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

export const metrics: ReportDefinition = {
  title: 'Availability and resource use',
  description: 'Per device over the period: availability (share of 5-minute intervals with a heartbeat), average and peak CPU, memory and disk use; devices without data show 0% availability',
  landscape: true,
  columns: [
    { key: 'hostname', header: 'Device' },
    { key: 'organization', header: 'Organization' },
    { key: 'availabilityPercent', header: 'Availability %', width: 70, align: 'right' },
    { key: 'cpuAvg', header: 'CPU avg %', width: 55, align: 'right' },
    { key: 'cpuMax', header: 'CPU max %', width: 55, align: 'right' },
    { key: 'memoryAvg', header: 'Mem avg %', width: 55, align: 'right' },
    { key: 'memoryMax', header: 'Mem max %', width: 55, align: 'right' },
    { key: 'diskAvg', header: 'Disk avg %', width: 55, align: 'right' },
    { key: 'diskMax', header: 'Disk max %', width: 55, align: 'right' },
    { key: 'samples', header: 'Samples', width: 50, align: 'right' },
  ],
  async rows(ctx, sel, page) {
    const w = where(ctx, sel);
    const [devices, count] = await Promise.all([
      db.$queryRaw<{ id: string; hostname: string; organization: string }[]>`
        select d.id::text as id, d.hostname, o.name as organization from devices d join organizations o on o.id = d.org_id
        where ${w} order by o.name, d.hostname, d.id limit ${page.limit} offset ${page.offset}`,
      db.$queryRaw<{ n: number }[]>`select count(*)::int as n from devices d where ${w}`,
    ]);
    const byId = new Map((await readMetricSummary(devices.map((d) => d.id), sel.from, sel.to)).map((m) => [m.deviceId, m]));
    return {
      total: count[0].n,
      rows: devices.map((d) => {
        const m: Partial<DeviceMetricSummary> = byId.get(d.id) ?? {};
        return {
          deviceId: d.id,
          hostname: d.hostname,
          organization: d.organization,
          availabilityPercent: m.availabilityPercent ?? 0,
          cpuAvg: m.cpuAvg ?? null,
          cpuMax: m.cpuMax ?? null,
          memoryAvg: m.memoryAvg ?? null,
          memoryMax: m.memoryMax ?? null,
          diskAvg: m.diskAvg ?? null,
          diskMax: m.diskMax ?? null,
          samples: m.samples ?? 0,
        };
      }),
    };
  },
  async summary(ctx, sel) {
    const devices = await db.$queryRaw<{ id: string; hostname: string }[]>`
      select d.id::text as id, d.hostname from devices d where ${where(ctx, sel)} order by d.hostname, d.id limit ${SUMMARY_DEVICES}`;
    const summaries = await readMetricSummary(devices.map((d) => d.id), sel.from, sel.to);
    const byId = new Map(summaries.map((m) => [m.deviceId, m]));
    const availability = devices.map((d) => byId.get(d.id)?.availabilityPercent ?? 0);
    const lowest = devices
      .map((d, i) => ({ label: d.hostname, value: availability[i] }))
      .sort((a, b) => a.value - b.value)
      .slice(0, 10);
    const fmt = (n: number | null) => (n === null ? '–' : `${round1(n)}%`);
    return {
      figures: [
        { label: 'Devices', value: String(devices.length) },
        { label: 'Average availability', value: fmt(avg(availability)) },
        { label: 'Average CPU', value: fmt(avg(summaries.map((m) => m.cpuAvg))) },
        { label: 'Average memory', value: fmt(avg(summaries.map((m) => m.memoryAvg))) },
        { label: 'Average disk', value: fmt(avg(summaries.map((m) => m.diskAvg))) },
      ],
      chart: { title: 'Lowest availability (%)', bars: lowest },
    };
  },
};
