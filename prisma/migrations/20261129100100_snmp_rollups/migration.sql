-- SNMP value rollups, like the device metric rollups: hourly and daily rows per device and OID
-- (count, sum, min, max and the period's last value), range-partitioned by bucket by UTC month.
-- Filled by lib/metric-history/roll-up.ts (watermark tiers snmp1h and snmp1d), kept
-- METRIC_HOURLY_DAYS and METRIC_DAILY_DAYS, read by lib/snmp/read-snmp-metrics.ts.
CREATE TABLE "snmp_metric_hourly" (
    "snmp_device_id" UUID NOT NULL,
    "oid" VARCHAR(255) NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,
    "sum" DOUBLE PRECISION NOT NULL,
    "min" DOUBLE PRECISION NOT NULL,
    "max" DOUBLE PRECISION NOT NULL,
    "last" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "snmp_metric_hourly_pkey" PRIMARY KEY ("snmp_device_id", "oid", "bucket")
) PARTITION BY RANGE ("bucket");

ALTER TABLE "snmp_metric_hourly" ADD CONSTRAINT "snmp_metric_hourly_snmp_device_id_fkey" FOREIGN KEY ("snmp_device_id") REFERENCES "snmp_devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "snmp_metric_hourly_default" PARTITION OF "snmp_metric_hourly" DEFAULT;

CREATE TABLE "snmp_metric_daily" (LIKE "snmp_metric_hourly" INCLUDING DEFAULTS, CONSTRAINT "snmp_metric_daily_pkey" PRIMARY KEY ("snmp_device_id", "oid", "bucket")) PARTITION BY RANGE ("bucket");

ALTER TABLE "snmp_metric_daily" ADD CONSTRAINT "snmp_metric_daily_snmp_device_id_fkey" FOREIGN KEY ("snmp_device_id") REFERENCES "snmp_devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "snmp_metric_daily_default" PARTITION OF "snmp_metric_daily" DEFAULT;

CREATE INDEX "snmp_metric_hourly_bucket_brin" ON "snmp_metric_hourly" USING brin ("bucket");
CREATE INDEX "snmp_metric_daily_bucket_brin" ON "snmp_metric_daily" USING brin ("bucket");
