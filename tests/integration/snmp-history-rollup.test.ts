// SNMP history in the tiered metric store: 5-minute buckets roll up into hourly and daily rows
// (count, sum, min, max and the last value) like device metrics, retention drops the 5-minute
// partitions once rolled up, and GET /snmp/metrics/:id/history reads each period from the
// coarsest tier, so a 30-day chart still shows days whose 5-minute rows are gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { db, dbPool } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { maintainMetricHistory } from '@/lib/metric-history/maintain-metric-history';
import { readSnmpWatermarks } from '@/lib/metric-history/roll-up';
import { createSnmpDevice } from '@/lib/snmp/create-snmp-device';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const OID = '1.3.6.1.2.1.25.1.6.0';
// Ten days back, 02:00 UTC: three buckets in one hour, one in the next.
const day = new Date(Math.floor(Date.now() / DAY) * DAY - 10 * DAY);
const at = (minutes: number) => new Date(day.getTime() + 2 * HOUR + minutes * MIN);
let admin: string;
let deviceId: string;

async function insertBucket(bucket: Date, count: number, sum: number, min: number, max: number, last: number) {
  await db.$executeRaw`insert into snmp_metric_buckets (snmp_device_id, oid, bucket, count, sum, min, max, last)
    values (${deviceId}::uuid, ${OID}, ${bucket}, ${count}, ${sum}, ${min}, ${max}, ${last})`;
}

const row = async (table: string, bucket: Date) =>
  (await db.$queryRawUnsafe<Record<string, number>[]>(`select count, sum, min, max, last from ${table} where snmp_device_id = $1::uuid and oid = $2 and bucket = $3`, deviceId, OID, bucket))[0];

afterAll(() => {
  delete process.env.IS_HOSTED;
  resetEnvCache();
});

beforeAll(async () => {
  // A loopback target is what a self-hosted service may poll (no poll happens here).
  process.env.IS_HOSTED = 'false';
  resetEnvCache();
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner));
  const org = await makeOrg(partner.id);
  const device = await db.$transaction((tx) =>
    createSnmpDevice(tx, { partnerId: partner.id, orgId: org.id }, { name: 'history', host: '127.0.0.1', credentials: { version: 'v2c', community: 'c' } }),
  );
  deviceId = device.id;
  await db.snmpMetricLatest.create({ data: { snmpDeviceId: deviceId, oid: OID, name: 'hrSystemProcesses', unit: null, type: 'gauge', value: 120, polledAt: new Date() } });
  await insertBucket(at(0), 2, 200, 90, 110, 110);
  await insertBucket(at(5), 1, 130, 130, 130, 130);
  await insertBucket(at(10), 1, 80, 80, 80, 80);
  await insertBucket(at(60), 1, 100, 100, 100, 100);
  await insertBucket(new Date(Math.floor(Date.now() / (5 * MIN)) * 5 * MIN), 1, 120, 120, 120, 120);
});

describe('SNMP history rollups', () => {
  it('roll the 5-minute buckets up into hourly and daily rows', async () => {
    const result = await maintainMetricHistory(dbPool());
    expect(result.snmpHourlyRows).toBeGreaterThanOrEqual(2);
    // Past METRIC_HISTORY_DAYS (7): the day's 5-minute partition goes once the hourly tier holds it.
    expect(result.dropped).toContain(`snmp_metric_buckets_p${day.toISOString().slice(0, 10).replace(/-/g, '')}`);
    expect(result.snmpDailyRows).toBeGreaterThanOrEqual(1);
    const marks = await readSnmpWatermarks(dbPool());
    expect(marks.hourly!.getTime() % HOUR).toBe(0);
    expect(marks.daily!.getTime() % DAY).toBe(0);
    expect(await row('snmp_metric_hourly', at(0))).toEqual({ count: 4, sum: 410, min: 80, max: 130, last: 80 });
    expect(await row('snmp_metric_hourly', at(60))).toEqual({ count: 1, sum: 100, min: 100, max: 100, last: 100 });
    expect(await row('snmp_metric_daily', day)).toEqual({ count: 5, sum: 510, min: 80, max: 130, last: 100 });
    // A rerun rewrites instead of adding.
    await db.$executeRaw`update metric_rollup_watermarks set rolled_through = ${day} where tier in ('snmp1h', 'snmp1d')`;
    await maintainMetricHistory(dbPool());
    expect(await row('snmp_metric_daily', day)).toEqual({ count: 5, sum: 510, min: 80, max: 130, last: 100 });
  });

  it('reads the history from the rollups once the 5-minute partitions are dropped', async () => {
    expect((await db.$queryRaw<{ n: number }[]>`select count(*)::int as n from snmp_metric_buckets where snmp_device_id = ${deviceId}::uuid and bucket < now() - interval '1 day'`)[0].n).toBe(0);

    const month = await api.get(`/snmp/metrics/${deviceId}/history`, { token: admin, query: { range: '30d', oid: OID } });
    expect(month.status, month.text).toBe(200);
    expect(month.body.bucketSeconds).toBe(6 * 3600);
    const points = month.body.series[0].points as { t: string; avg: number; min: number; max: number; last: number; count: number }[];
    // 02:00 to 03:05 falls in the 00:00–06:00 bin of that day: both hours, from the hourly tier.
    expect(points[0]).toEqual({ t: day.toISOString(), avg: 102, min: 80, max: 130, last: 100, count: 5 });
    expect(points.at(-1)!.last).toBe(120);

    const year = await api.get(`/snmp/metrics/${deviceId}/history`, { token: admin, query: { range: '1y', oid: OID } });
    expect(year.status, year.text).toBe(200);
    expect(year.body.bucketSeconds).toBe(86_400);
    expect(year.body.series[0].points[0]).toMatchObject({ t: day.toISOString(), count: 5, max: 130 });

    const one = await api.get(`/snmp/metrics/${deviceId}/${OID}`, { token: admin, query: { range: '90d' } });
    expect(one.status, one.text).toBe(200);
    expect(one.body.points[0]).toMatchObject({ count: 5, min: 80 });
  });
});
