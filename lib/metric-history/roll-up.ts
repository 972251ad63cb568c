// Rolls the 5-minute store up into hourly rows and those into daily rows. Each tier has a
// watermark (metric_rollup_watermarks): every period before it is rolled up, and readers take
// those periods from the tier. A run advances each watermark over completed periods, a day per
// transaction; the rows are upserted from their whole source period, so a rerun (or a second
// worker after the first) rewrites the same values, and an advisory lock lets one run at a time.
// SNMP values (snmp_metric_buckets, per device and OID) roll up the same way into their own
// hourly and daily tables, with their own watermarks (tiers snmp1h, snmp1d).
import type pg from 'pg';
import { DAY_MS, HOUR_MS, MINUTE_MS, addMs, ceilTo, earlier, floorTo } from '@/lib/metric-history/time-bins';

/** A period is rolled up this long after it ends: heartbeats of its last moment have committed. */
export const ROLLUP_LAG_MS = 5 * MINUTE_MS;

const STATS = ['cpu', 'memory', 'disk'] as const;
const columns = ['device_id', 'bucket', 'samples', 'beat_buckets', ...STATS.flatMap((m) => [`${m}_count`, `${m}_sum`, `${m}_min`, `${m}_max`])];
const aggregates = (beats: string) =>
  [`sum(samples)::int`, beats, ...STATS.flatMap((m) => [`sum(${m}_count)::int`, `sum(${m}_sum)`, `min(${m}_min)`, `max(${m}_max)`])].join(', ');
const replaceAll = columns.slice(2).map((c) => `${c} = excluded.${c}`).join(', ');
const binOf = (width: string) => `date_bin('${width}', bucket, timestamptz '1970-01-01 00:00:00+00')`;

/** Rows of the source over [$1, $2) merged into the tier's periods, upserted. */
const deviceRollup = (table: string, source: string, width: string, beats: string) =>
  `insert into ${table} (${columns.join(', ')})
   select device_id, ${binOf(width)}, ${aggregates(beats)}
   from ${source} where bucket >= $1 and bucket < $2
   group by 1, 2
   on conflict (device_id, bucket) do update set ${replaceAll}`;
// `last` is the value of the period's latest source row.
const snmpRollup = (table: string, source: string, width: string) =>
  `insert into ${table} (snmp_device_id, oid, bucket, count, sum, min, max, last)
   select snmp_device_id, oid, ${binOf(width)}, sum(count)::int, sum(sum), min(min), max(max), (array_agg(last order by bucket desc))[1]
   from ${source} where bucket >= $1 and bucket < $2
   group by 1, 2, 3
   on conflict (snmp_device_id, oid, bucket) do update set count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max, last = excluded.last`;

const TIERS = {
  '1h': { source: 'device_metric_buckets', step: HOUR_MS, sql: deviceRollup('device_metric_hourly', 'device_metric_buckets', '1 hour', 'count(*)::int') },
  '1d': { source: 'device_metric_hourly', step: DAY_MS, sql: deviceRollup('device_metric_daily', 'device_metric_hourly', '1 day', 'sum(beat_buckets)::int') },
  snmp1h: { source: 'snmp_metric_buckets', step: HOUR_MS, sql: snmpRollup('snmp_metric_hourly', 'snmp_metric_buckets', '1 hour') },
  snmp1d: { source: 'snmp_metric_hourly', step: DAY_MS, sql: snmpRollup('snmp_metric_daily', 'snmp_metric_hourly', '1 day') },
} as const;
type Tier = keyof typeof TIERS;

export interface RollupResult {
  hourlyRows: number;
  dailyRows: number;
  /** Watermarks after the run: everything before them is rolled up. */
  hourlyThrough: Date | null;
  dailyThrough: Date | null;
  snmpHourlyRows: number;
  snmpDailyRows: number;
  snmpHourlyThrough: Date | null;
  snmpDailyThrough: Date | null;
}

export async function readWatermarks(pool: pg.Pool): Promise<{ hourly: Date | null; daily: Date | null }> {
  const { rows } = await pool.query<{ tier: Tier; rolled_through: Date }>('select tier, rolled_through from metric_rollup_watermarks');
  const of = (tier: Tier) => rows.find((r) => r.tier === tier)?.rolled_through ?? null;
  return { hourly: of('1h'), daily: of('1d') };
}

/** The SNMP tiers' watermarks (lib/snmp/read-snmp-metrics.ts plans its reads with them). */
export async function readSnmpWatermarks(pool: pg.Pool): Promise<{ hourly: Date | null; daily: Date | null }> {
  const { rows } = await pool.query<{ tier: Tier; rolled_through: Date }>(`select tier, rolled_through from metric_rollup_watermarks where tier in ('snmp1h', 'snmp1d')`);
  const of = (tier: Tier) => rows.find((r) => r.tier === tier)?.rolled_through ?? null;
  return { hourly: of('snmp1h'), daily: of('snmp1d') };
}

/**
 * Rolls up one chunk (at most one UTC day) of `tier` ending no later than `target`. Returns the
 * rows written, or null when the tier is already complete up to `target`.
 */
async function rollUpChunk(pool: pg.Pool, tier: Tier, target: (client: pg.PoolClient) => Promise<Date>): Promise<number | null> {
  const t = TIERS[tier];
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('metric_history_rollup'))`);
    const until = await target(client);
    const mark = await client.query<{ rolled_through: Date }>('select rolled_through from metric_rollup_watermarks where tier = $1', [tier]);
    let start = mark.rows[0]?.rolled_through;
    if (!start) {
      // First run: from the oldest source row (or nothing to do when there is none).
      const oldest = await client.query<{ at: Date | null }>(`select min(bucket) as at from ${t.source}`);
      start = oldest.rows[0].at ? floorTo(oldest.rows[0].at, t.step) : until;
    }
    if (start.getTime() >= until.getTime()) {
      if (!mark.rows[0]) await client.query('insert into metric_rollup_watermarks (tier, rolled_through) values ($1, $2)', [tier, until]);
      await client.query('commit');
      return null;
    }
    const end = earlier(until, ceilTo(addMs(start, 1), DAY_MS));
    const written = await client.query(t.sql, [start, end]);
    await client.query(
      `insert into metric_rollup_watermarks (tier, rolled_through) values ($1, $2)
       on conflict (tier) do update set rolled_through = excluded.rolled_through`,
      [tier, end],
    );
    await client.query('commit');
    return written.rowCount ?? 0;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Rolls up every completed hour (ended ROLLUP_LAG_MS before `now`) into device_metric_hourly and
 * every day the hourly tier completes into device_metric_daily; then the same for SNMP values
 * (snmp_metric_hourly, snmp_metric_daily).
 */
export async function rollUpMetricHistory(pool: pg.Pool, now = new Date()): Promise<RollupResult> {
  const device = await rollUpPair(pool, now, '1h', '1d');
  const snmp = await rollUpPair(pool, now, 'snmp1h', 'snmp1d');
  const marks = await readWatermarks(pool);
  const snmpMarks = await readSnmpWatermarks(pool);
  return {
    hourlyRows: device.hourly,
    dailyRows: device.daily,
    hourlyThrough: marks.hourly,
    dailyThrough: marks.daily,
    snmpHourlyRows: snmp.hourly,
    snmpDailyRows: snmp.daily,
    snmpHourlyThrough: snmpMarks.hourly,
    snmpDailyThrough: snmpMarks.daily,
  };
}

async function rollUpPair(pool: pg.Pool, now: Date, hourTier: Tier, dayTier: Tier): Promise<{ hourly: number; daily: number }> {
  const rows = { hourly: 0, daily: 0 };
  const hourTarget = floorTo(addMs(now, -ROLLUP_LAG_MS), HOUR_MS);
  for (let n = await rollUpChunk(pool, hourTier, async () => hourTarget); n !== null; n = await rollUpChunk(pool, hourTier, async () => hourTarget)) {
    rows.hourly += n;
  }
  // Days complete in the hourly tier: read under the lock, after the hourly watermark moved.
  const dayTarget = async (client: pg.PoolClient) => {
    const { rows: marks } = await client.query<{ at: Date | null }>(`select rolled_through as at from metric_rollup_watermarks where tier = $1`, [hourTier]);
    return floorTo(marks[0]?.at ?? hourTarget, DAY_MS);
  };
  for (let n = await rollUpChunk(pool, dayTier, dayTarget); n !== null; n = await rollUpChunk(pool, dayTier, dayTarget)) {
    rows.daily += n;
  }
  return rows;
}
