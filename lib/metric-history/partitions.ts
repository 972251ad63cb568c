// Partition upkeep of the metric history tables (range-partitioned by `bucket`): the 5-minute
// store by UTC day, the hourly and daily rollups by UTC month. Partitions are created a week
// ahead, rows that reached a DEFAULT partition (no dated partition existed yet) are moved into the
// one made for them, and retention drops whole partitions: no row-by-row delete, no bloat.
import type pg from 'pg';
import { DAY_MS, addMs, floorTo, monthStart, nextMonth } from '@/lib/metric-history/time-bins';

export const METRIC_TABLES = ['device_metric_buckets', 'device_metric_hourly', 'device_metric_daily', 'snmp_metric_buckets', 'snmp_metric_hourly', 'snmp_metric_daily'] as const;
export type MetricTable = (typeof METRIC_TABLES)[number];
// The 5-minute stores, partitioned by UTC day; their hourly and daily rollups by UTC month.
type DayTable = 'device_metric_buckets' | 'snmp_metric_buckets';
const isDayTable = (t: MetricTable): t is DayTable => t === 'device_metric_buckets' || t === 'snmp_metric_buckets';

/** Days of 5-minute partitions kept ready beyond today, so heartbeats never wait for one. */
export const PARTITION_DAYS_AHEAD = 7;
// DDL on a partitioned table queues behind a long read of it, and every heartbeat would queue
// behind the DDL: give up quickly instead and let the next hourly run try again (a week ahead).
const LOCK_TIMEOUT = '5s';

interface Partition {
  parent: MetricTable;
  name: string;
  lo: Date;
  hi: Date;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function dayPartition(at: Date, parent: DayTable = 'device_metric_buckets'): Partition {
  const lo = floorTo(at, DAY_MS);
  return { parent, name: `${parent}_p${lo.getUTCFullYear()}${pad(lo.getUTCMonth() + 1)}${pad(lo.getUTCDate())}`, lo, hi: addMs(lo, DAY_MS) };
}

function monthPartition(parent: MetricTable, at: Date): Partition {
  const lo = monthStart(at);
  return { parent, name: `${parent}_p${lo.getUTCFullYear()}${pad(lo.getUTCMonth() + 1)}`, lo, hi: nextMonth(lo) };
}

/** The dated partition a stored partition name stands for (null for the default or a stranger). */
export function partitionOfName(name: string): Partition | null {
  const m = /^((?:device|snmp)_metric_(?:buckets|hourly|daily))_p(\d{4})(\d{2})(\d{2})?$/.exec(name);
  if (!m) return null;
  const parent = m[1] as MetricTable;
  const lo = new Date(Date.UTC(Number(m[2]), Number(m[3]) - 1, m[4] ? Number(m[4]) : 1));
  if (isDayTable(parent)) return m[4] ? dayPartition(lo, parent) : null;
  return m[4] ? null : monthPartition(parent, lo);
}

/** The dated partitions that exist, per table. */
export async function listMetricPartitions(pool: pg.Pool): Promise<Partition[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = any($1::regclass[])`,
    [METRIC_TABLES],
  );
  return rows.map((r) => partitionOfName(r.name)).filter((p): p is Partition => p !== null);
}

/**
 * Creates the partitions needed around `now`: the 5-minute store's days from today through
 * PARTITION_DAYS_AHEAD, the rollups' months from that of `now - rollupBackDays` (where rollups of
 * the retained 5-minute data land) through next week's, and those of every row waiting in a
 * default partition. Safe to run from several processes at once. Returns the partitions created.
 */
export async function ensureMetricPartitions(pool: pg.Pool, now = new Date(), rollupBackDays = 8): Promise<string[]> {
  const wanted = new Map<string, Partition>();
  const want = (p: Partition) => wanted.set(p.name, p);
  for (let d = floorTo(now, DAY_MS); d.getTime() <= now.getTime() + PARTITION_DAYS_AHEAD * DAY_MS; d = addMs(d, DAY_MS)) {
    want(dayPartition(d));
    want(dayPartition(d, 'snmp_metric_buckets'));
  }
  const ahead = addMs(now, PARTITION_DAYS_AHEAD * DAY_MS);
  for (let m = monthStart(addMs(now, -rollupBackDays * DAY_MS)); m.getTime() <= ahead.getTime(); m = nextMonth(m)) {
    want(monthPartition('device_metric_hourly', m));
    want(monthPartition('device_metric_daily', m));
    want(monthPartition('snmp_metric_hourly', m));
    want(monthPartition('snmp_metric_daily', m));
  }
  for (const table of METRIC_TABLES) {
    const { rows } = await pool.query<{ at: Date }>(`select distinct date_bin('1 day', bucket, timestamptz '1970-01-01 00:00:00+00') as at from ${table}_default`);
    for (const r of rows) want(isDayTable(table) ? dayPartition(r.at, table) : monthPartition(table, r.at));
  }
  const existing = new Set((await listMetricPartitions(pool)).map((p) => p.name));
  const created: string[] = [];
  for (const p of [...wanted.values()].sort((a, b) => a.lo.getTime() - b.lo.getTime())) {
    if (!existing.has(p.name) && (await addPartition(pool, p))) created.push(p.name);
  }
  return created;
}

async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
    // One partition change at a time across processes: a second creator finds it made.
    await client.query(`select pg_advisory_xact_lock(hashtext('metric_history_partitions'))`);
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function addPartition(pool: pg.Pool, p: Partition): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ present: boolean }>('select to_regclass($1) is not null as present', [p.name]);
    if (rows[0].present) return false;
    const storage = isDayTable(p.parent) ? ' with (fillfactor = 70)' : '';
    const bounds = `for values from ('${p.lo.toISOString()}') to ('${p.hi.toISOString()}')`;
    const stray = await client.query(`select 1 from ${p.parent}_default where bucket >= $1 and bucket < $2 limit 1`, [p.lo, p.hi]);
    if (stray.rowCount) {
      // The default holds rows of this range: move them into a standalone table, then attach it
      // (attaching checks the default no longer holds any row of the range). The default is
      // locked first: a beat writing into it then waits for the move instead of deadlocking
      // with it (attaching itself only needs a lock on the parent that beats do not block).
      await client.query(`lock table ${p.parent}_default in access exclusive mode`);
      await client.query(`create table ${p.name} (like ${p.parent} including defaults)${storage}`);
      await client.query(
        `with moved as (delete from ${p.parent}_default where bucket >= $1 and bucket < $2 returning *) insert into ${p.name} select * from moved`,
        [p.lo, p.hi],
      );
      await client.query(`alter table ${p.parent} attach partition ${p.name} ${bounds}`);
    } else {
      await client.query(`create table ${p.name} partition of ${p.parent} ${bounds}${storage}`);
    }
    return true;
  });
}

/** Drops every dated partition of `table` whose whole range is before `before`. Returns their names. */
export async function dropMetricPartitionsBefore(pool: pg.Pool, table: MetricTable, before: Date): Promise<string[]> {
  const expired = (await listMetricPartitions(pool)).filter((p) => p.parent === table && p.hi.getTime() <= before.getTime());
  for (const p of expired) {
    await inTransaction(pool, (client) => client.query(`drop table if exists ${p.name}`));
  }
  return expired.map((p) => p.name);
}
