-- Metric history at fleet scale. The 5-minute store becomes a table range-partitioned by bucket
-- start, one partition per UTC day, so retention drops whole partitions instead of deleting rows.
-- Hourly and daily rollups (partitioned by month) keep min, sum and count, max per metric and the
-- number of 5-minute buckets with a heartbeat (availability) for months.
-- Each partitioned table has a DEFAULT partition as a safety net: a row whose partition does not
-- exist yet lands there, and lib/metric-history/partitions.ts moves it out when it creates the
-- partition. That code (run by the release step, at start and by the worker every hour) creates
-- the dated partitions, including those of the rows this migration moves into the default.

-- The 5-minute store, now partitioned. The key still leads with the device (every read names
-- devices) and must hold the partition key. min columns join count, sum and max so that rollups
-- can keep minima. The btree on bucket alone goes: retention drops partitions instead.
ALTER TABLE "device_metric_buckets" RENAME TO "device_metric_buckets_unpartitioned";
ALTER TABLE "device_metric_buckets_unpartitioned" RENAME CONSTRAINT "device_metric_buckets_pkey" TO "device_metric_buckets_unpartitioned_pkey";
ALTER TABLE "device_metric_buckets_unpartitioned" RENAME CONSTRAINT "device_metric_buckets_device_id_fkey" TO "device_metric_buckets_unpartitioned_device_id_fkey";

CREATE TABLE "device_metric_buckets" (
    "device_id" UUID NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "samples" INTEGER NOT NULL,
    "cpu_count" INTEGER NOT NULL,
    "cpu_sum" DOUBLE PRECISION NOT NULL,
    "cpu_min" REAL,
    "cpu_max" REAL,
    "memory_count" INTEGER NOT NULL,
    "memory_sum" DOUBLE PRECISION NOT NULL,
    "memory_min" REAL,
    "memory_max" REAL,
    "disk_count" INTEGER NOT NULL,
    "disk_sum" DOUBLE PRECISION NOT NULL,
    "disk_min" REAL,
    "disk_max" REAL,

    CONSTRAINT "device_metric_buckets_pkey" PRIMARY KEY ("device_id","bucket")
) PARTITION BY RANGE ("bucket");

ALTER TABLE "device_metric_buckets" ADD CONSTRAINT "device_metric_buckets_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "device_metric_buckets_default" PARTITION OF "device_metric_buckets" DEFAULT WITH (fillfactor = 70);

-- Rollups read one hour (or day) of a partition: a BRIN index on bucket finds its pages (rows
-- arrive in time order) for a few kilobytes, where a btree would cost every heartbeat an entry.
CREATE INDEX "device_metric_buckets_bucket_brin" ON "device_metric_buckets" USING brin ("bucket");

-- Hourly and daily rollups: per metric count, sum (avg = sum / count), min and max, the heartbeats
-- (samples) and how many of the period's 5-minute buckets had one (beat_buckets, availability).
CREATE TABLE "device_metric_hourly" (
    "device_id" UUID NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "samples" INTEGER NOT NULL,
    "beat_buckets" INTEGER NOT NULL,
    "cpu_count" INTEGER NOT NULL,
    "cpu_sum" DOUBLE PRECISION NOT NULL,
    "cpu_min" REAL,
    "cpu_max" REAL,
    "memory_count" INTEGER NOT NULL,
    "memory_sum" DOUBLE PRECISION NOT NULL,
    "memory_min" REAL,
    "memory_max" REAL,
    "disk_count" INTEGER NOT NULL,
    "disk_sum" DOUBLE PRECISION NOT NULL,
    "disk_min" REAL,
    "disk_max" REAL,

    CONSTRAINT "device_metric_hourly_pkey" PRIMARY KEY ("device_id","bucket")
) PARTITION BY RANGE ("bucket");

ALTER TABLE "device_metric_hourly" ADD CONSTRAINT "device_metric_hourly_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "device_metric_hourly_default" PARTITION OF "device_metric_hourly" DEFAULT;

CREATE TABLE "device_metric_daily" (LIKE "device_metric_hourly" INCLUDING DEFAULTS, CONSTRAINT "device_metric_daily_pkey" PRIMARY KEY ("device_id","bucket")) PARTITION BY RANGE ("bucket");

ALTER TABLE "device_metric_daily" ADD CONSTRAINT "device_metric_daily_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "device_metric_daily_default" PARTITION OF "device_metric_daily" DEFAULT;

CREATE INDEX "device_metric_hourly_bucket_brin" ON "device_metric_hourly" USING brin ("bucket");
CREATE INDEX "device_metric_daily_bucket_brin" ON "device_metric_daily" USING brin ("bucket");

-- How far each rollup tier is complete: periods before rolled_through are in the tier and are
-- read from it, later ones from the finer tiers.
CREATE TABLE "metric_rollup_watermarks" (
    "tier" VARCHAR(8) NOT NULL,
    "rolled_through" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "metric_rollup_watermarks_pkey" PRIMARY KEY ("tier")
);

-- The stored rows move over (into the default partition until their day's partition is made).
-- Rows stored before min columns existed know their minimum only when they hold a single value.
INSERT INTO "device_metric_buckets" ("device_id", "bucket", "samples",
    "cpu_count", "cpu_sum", "cpu_min", "cpu_max",
    "memory_count", "memory_sum", "memory_min", "memory_max",
    "disk_count", "disk_sum", "disk_min", "disk_max")
SELECT "device_id", "bucket", "samples",
    "cpu_count", "cpu_sum", CASE WHEN "cpu_count" = 1 THEN "cpu_max" END, "cpu_max",
    "memory_count", "memory_sum", CASE WHEN "memory_count" = 1 THEN "memory_max" END, "memory_max",
    "disk_count", "disk_sum", CASE WHEN "disk_count" = 1 THEN "disk_max" END, "disk_max"
FROM "device_metric_buckets_unpartitioned";

DROP TABLE "device_metric_buckets_unpartitioned";
