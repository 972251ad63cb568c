// Metric history is written by the heartbeat statements themselves (a data-modifying CTE), so
// it costs no round trip of its own: each beat adds its cpu/memory/disk percent to the device's
// current 5-minute bucket (count, sum, min, max), creating the bucket on its first beat. The table
// is partitioned by day (lib/metric-history/partitions.ts keeps a week of partitions ahead, and a
// default partition catches a beat that would find none).

/** Width of a stored bucket; coarser intervals are aggregated from these at read time. */
const METRIC_BUCKET_MINUTES = 5;

/** The bucket a moment falls in (buckets start on multiples of 5 minutes since the epoch, UTC). */
const BUCKET_OF_NOW = `date_bin('${METRIC_BUCKET_MINUTES} minutes', now(), timestamptz '1970-01-01 00:00:00+00')`;

/**
 * `insert … on conflict do update` accumulating one sample per row of `source`, a relation with
 * columns (id, cpu, mem, disk) — one row per device at most (a second row for the same device
 * in one statement would be a "cannot affect row a second time" error). The caller makes the
 * source yield only devices whose row it has already locked, so bucket row locks are always
 * taken after the device's own lock and add no new lock-order hazard.
 */
export function accumulateMetricBucketsSql(source: string): string {
  return `
    insert into device_metric_buckets as b (device_id, bucket, samples, cpu_count, cpu_sum, cpu_min, cpu_max,
      memory_count, memory_sum, memory_min, memory_max, disk_count, disk_sum, disk_min, disk_max)
    select s.id, ${BUCKET_OF_NOW}, 1,
      (s.cpu is not null)::int, coalesce(s.cpu, 0), s.cpu, s.cpu,
      (s.mem is not null)::int, coalesce(s.mem, 0), s.mem, s.mem,
      (s.disk is not null)::int, coalesce(s.disk, 0), s.disk, s.disk
    from ${source}
    on conflict (device_id, bucket) do update set samples = b.samples + 1,
      cpu_count = b.cpu_count + excluded.cpu_count, cpu_sum = b.cpu_sum + excluded.cpu_sum,
      cpu_min = least(b.cpu_min, excluded.cpu_min), cpu_max = greatest(b.cpu_max, excluded.cpu_max),
      memory_count = b.memory_count + excluded.memory_count, memory_sum = b.memory_sum + excluded.memory_sum,
      memory_min = least(b.memory_min, excluded.memory_min), memory_max = greatest(b.memory_max, excluded.memory_max),
      disk_count = b.disk_count + excluded.disk_count, disk_sum = b.disk_sum + excluded.disk_sum,
      disk_min = least(b.disk_min, excluded.disk_min), disk_max = greatest(b.disk_max, excluded.disk_max)`;
}
