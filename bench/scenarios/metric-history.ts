// Scenario 10: the metric history store at fleet scale. 100,000 devices beating every 60 s fill
// a day partition with 288 five-minute buckets per device (5 beats each): the day is loaded with
// set-based inserts (an hour of buckets per statement), then measured: rows/s ingested, disk per
// day (the day partition with its index, and per row), the rollup of that day into hourly and
// daily rows, and retention (dropping the day partition). Then the device charts' reads at that
// size: GET /devices/:id/metrics for 24 h (5-minute tier), 30 days (hourly) and a year (daily).
import { dbPool } from '@/lib/db';
import { dropMetricPartitionsBefore, ensureMetricPartitions } from '@/lib/metric-history/partitions';
import { ROLLUP_LAG_MS, rollUpMetricHistory } from '@/lib/metric-history/roll-up';
import { Histogram } from '../../agent/src/simulate';
import { apiCall } from '../lib/api';
import { mb, type BenchContext, type Scenario, type ScenarioResult } from '../lib/types';

export const METRIC_FLEET = 100_000;
const DAY_MS = 86_400_000;
const BUCKETS_PER_HOUR = 12;

const row = (ctx: BenchContext, r: Omit<ScenarioResult, 'rssMb' | 'p50' | 'p95' | 'p99' | 'errors'> & Partial<ScenarioResult>): ScenarioResult => {
  const rss = ctx.stack.rss.peak();
  return { p50: null, p95: null, p99: null, errors: 0, rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) }, ...r };
};

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const out = await fn();
  return [out, (performance.now() - t0) / 1000];
};

/** One hour of 5-minute buckets for every device: 5 beats each, plausible cpu/memory/disk values. */
async function insertHour(deviceIds: string[], hour: Date): Promise<number> {
  const res = await dbPool().query(
    `insert into device_metric_buckets (device_id, bucket, samples, cpu_count, cpu_sum, cpu_min, cpu_max,
       memory_count, memory_sum, memory_min, memory_max, disk_count, disk_sum, disk_min, disk_max)
     select d, $2::timestamptz + make_interval(mins => 5 * b), 5,
       5, 5 * c, c * 0.5, least(100, c * 1.8), 5, 5 * m, m - 3, least(100, m + 4), 5, 5 * k, k, k
     from unnest($1::uuid[]) with ordinality u(d, i)
     cross join generate_series(0, ${BUCKETS_PER_HOUR - 1}) b
     cross join lateral (select (10 + (i * 7 + b * 13) % 70)::real as c, (30 + (i * 11 + b) % 60)::real as m, (20 + i % 75)::real as k) v`,
    [deviceIds, hour],
  );
  return res.rowCount ?? 0;
}

async function chartReads(ctx: BenchContext, deviceId: string): Promise<ScenarioResult> {
  const requests = ctx.scale.factor === 1 ? 50 : 20;
  const hist = new Histogram();
  let errors = 0;
  const now = Date.now();
  const ranges = [
    { from: new Date(now - DAY_MS), interval: '5m' },
    { from: new Date(now - 30 * DAY_MS), interval: '1h' },
    { from: new Date(now - 365 * DAY_MS), interval: '1d' },
  ];
  for (let i = 0; i < requests; i++) {
    const r = ranges[i % ranges.length];
    const t0 = performance.now();
    const res = await apiCall(ctx.stack.urls[0], 'GET', `/devices/${deviceId}/metrics?from=${r.from.toISOString()}&interval=${r.interval}`, { token: ctx.tenant.adminToken });
    hist.record(performance.now() - t0);
    if (res.status !== 200) errors++;
  }
  return row(ctx, {
    id: '10-metric-chart-reads',
    scenario: '10 metric chart reads',
    load: `${requests} GET /devices/:id/metrics (24 h 5m, 30 d 1h, 1 y 1d)`,
    throughput: null,
    unit: '',
    p50: hist.percentile(50),
    p95: hist.percentile(95),
    p99: hist.percentile(99),
    errors,
    target: 'p95<=250 ms',
    met: hist.percentile(95) <= 250 && errors === 0,
  });
}

export const metricHistoryScenario: Scenario = {
  key: '10',
  title: 'metric history: a day of 5-minute buckets, rollup and retention',
  fleetSize: METRIC_FLEET,
  async run(ctx) {
    const n = Math.round(METRIC_FLEET / ctx.scale.factor);
    const deviceIds = ctx.fleet.slice(0, n).map((d) => d.deviceId);
    // Two days back: inside the 5-minute retention and clear of the live heartbeats' partitions.
    const day = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS);
    const partition = `device_metric_buckets_p${day.toISOString().slice(0, 10).replace(/-/g, '')}`;
    await ensureMetricPartitions(dbPool(), day);
    ctx.log(`scenario 10: one day of 5-minute buckets for ${n} devices into ${partition}`);
    ctx.stack.rss.reset();

    const [rows, ingestSeconds] = await timed(async () => {
      let total = 0;
      for (let h = 0; h < 24; h++) total += await insertHour(deviceIds, new Date(day.getTime() + h * 3_600_000));
      return total;
    });
    await dbPool().query(`vacuum analyze ${partition}`);
    const { rows: size } = await dbPool().query<{ total: string; heap: string }>(`select pg_total_relation_size($1) as total, pg_relation_size($1) as heap`, [partition]);
    const bytes = Number(size[0].total);
    const bytesPerDayAtFleet = Math.round((bytes * METRIC_FLEET) / n);
    ctx.log(`  ${rows} rows in ${ingestSeconds.toFixed(1)} s; ${partition} ${(bytes / 1e6).toFixed(0)} MB (${Math.round(bytes / rows)} bytes/row)`);

    // The day's rollup: both watermarks at the day's start, upkeep as of the day's end.
    await dbPool().query(`insert into metric_rollup_watermarks (tier, rolled_through) values ('1h', $1), ('1d', $1)
      on conflict (tier) do update set rolled_through = excluded.rolled_through`, [day]);
    const [rollup, rollupSeconds] = await timed(() => rollUpMetricHistory(dbPool(), new Date(day.getTime() + DAY_MS + ROLLUP_LAG_MS)));
    ctx.log(`  rollup: ${rollup.hourlyRows} hourly and ${rollup.dailyRows} daily rows in ${rollupSeconds.toFixed(1)} s`);
    const { rows: rollupSize } = await dbPool().query<{ hourly: string; daily: string }>(
      `select (select sum(pg_total_relation_size(inhrelid)) from pg_inherits where inhparent = 'device_metric_hourly'::regclass) as hourly,
              (select sum(pg_total_relation_size(inhrelid)) from pg_inherits where inhparent = 'device_metric_daily'::regclass) as daily`,
    );

    const reads = await chartReads(ctx, deviceIds[0]);

    const [dropped, dropSeconds] = await timed(() => dropMetricPartitionsBefore(dbPool(), 'device_metric_buckets', new Date(day.getTime() + DAY_MS)));
    ctx.log(`  retention: dropped ${dropped.join(', ')} in ${(dropSeconds * 1000).toFixed(0)} ms`);

    const load = `${n} devices x 288 buckets (${(n / 1000).toFixed(0)}k @60 s, one day)`;
    return [
      row(ctx, {
        id: '10-metric-ingest',
        scenario: '10 metric history ingest',
        load,
        throughput: Math.round(rows / ingestSeconds),
        unit: 'rows/s',
        target: `>= ${Math.round(METRIC_FLEET / ctx.scale.factor / 300)} rows/s (the fleet's rate)`,
        met: rows / ingestSeconds >= n / 300,
        extra: { rows, seconds: Math.round(ingestSeconds * 10) / 10, partitionBytes: bytes, heapBytes: Number(size[0].heap), bytesPerRow: Math.round(bytes / rows), diskPerDayAt100kMb: Math.round(bytesPerDayAtFleet / 1e6) },
      }),
      row(ctx, {
        id: '10-metric-rollup',
        scenario: '10 metric rollup of a day',
        load,
        throughput: Math.round(rows / rollupSeconds),
        unit: 'source rows/s',
        target: 'a day in well under an hour',
        met: rollupSeconds < 3600,
        extra: { seconds: Math.round(rollupSeconds * 10) / 10, hourlyRows: rollup.hourlyRows, dailyRows: rollup.dailyRows, hourlyBytes: Number(rollupSize[0].hourly), dailyBytes: Number(rollupSize[0].daily) },
      }),
      reads,
      row(ctx, {
        id: '10-metric-retention',
        scenario: '10 metric retention (drop a day)',
        load: `${rows} rows in ${partition}`,
        throughput: null,
        unit: '',
        p50: Math.round(dropSeconds * 1000),
        target: 'one partition drop, no row deletes',
        met: dropped.includes(partition),
        extra: { dropped, milliseconds: Math.round(dropSeconds * 1000) },
      }),
    ];
  },
};
