-- CreateTable
CREATE TABLE "snmp_templates" (
    "id" UUID NOT NULL,
    "partner_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "built_in" BOOLEAN NOT NULL DEFAULT false,
    "oids" JSONB NOT NULL DEFAULT '[]',
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "snmp_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "snmp_devices" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "site_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "host" VARCHAR(255) NOT NULL,
    "port" INTEGER NOT NULL DEFAULT 161,
    "version" VARCHAR(8) NOT NULL,
    "credentials" TEXT NOT NULL,
    "template_id" UUID,
    "extra_oids" JSONB NOT NULL DEFAULT '[]',
    "poll_interval_seconds" INTEGER NOT NULL DEFAULT 60,
    "timeout_ms" INTEGER NOT NULL DEFAULT 5000,
    "retries" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "status" VARCHAR(16) NOT NULL DEFAULT 'unknown',
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "last_polled_at" TIMESTAMPTZ(3),
    "last_poll_ms" INTEGER,
    "last_error" VARCHAR(1000),
    "next_poll_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sys_descr" VARCHAR(1000),
    "sys_object_id" VARCHAR(255),
    "sys_name" VARCHAR(255),
    "discovery_asset_id" UUID,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "snmp_devices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "snmp_metric_latest" (
    "snmp_device_id" UUID NOT NULL,
    "oid" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "unit" VARCHAR(32),
    "type" VARCHAR(16) NOT NULL,
    "value" DOUBLE PRECISION,
    "text" VARCHAR(1000),
    "raw_counter" VARCHAR(24),
    "polled_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "snmp_metric_latest_pkey" PRIMARY KEY ("snmp_device_id","oid")
);

-- CreateTable
CREATE TABLE "snmp_thresholds" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "snmp_device_id" UUID NOT NULL,
    "oid" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255),
    "operator" VARCHAR(8) NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "severity" "AlertSeverity" NOT NULL DEFAULT 'medium',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "state" VARCHAR(16) NOT NULL DEFAULT 'unknown',
    "last_value" DOUBLE PRECISION,
    "last_evaluated_at" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "snmp_thresholds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "snmp_templates_partner_id_name_idx" ON "snmp_templates"("partner_id", "name");

-- CreateIndex
CREATE INDEX "snmp_devices_partner_id_created_at_idx" ON "snmp_devices"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "snmp_devices_org_id_idx" ON "snmp_devices"("org_id");

-- CreateIndex
CREATE INDEX "snmp_devices_enabled_next_poll_at_idx" ON "snmp_devices"("enabled", "next_poll_at");

-- CreateIndex
CREATE INDEX "snmp_devices_discovery_asset_id_idx" ON "snmp_devices"("discovery_asset_id");

-- CreateIndex
CREATE INDEX "snmp_thresholds_snmp_device_id_oid_idx" ON "snmp_thresholds"("snmp_device_id", "oid");

-- CreateIndex
CREATE INDEX "snmp_thresholds_partner_id_created_at_idx" ON "snmp_thresholds"("partner_id", "created_at");

-- AddForeignKey
ALTER TABLE "snmp_devices" ADD CONSTRAINT "snmp_devices_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "snmp_templates"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "snmp_metric_latest" ADD CONSTRAINT "snmp_metric_latest_snmp_device_id_fkey" FOREIGN KEY ("snmp_device_id") REFERENCES "snmp_devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "snmp_thresholds" ADD CONSTRAINT "snmp_thresholds_snmp_device_id_fkey" FOREIGN KEY ("snmp_device_id") REFERENCES "snmp_devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Closed vocabularies kept honest by the database as well as by the zod schemas.
ALTER TABLE "snmp_devices" ADD CONSTRAINT "snmp_devices_version_check" CHECK ("version" IN ('v2c', 'v3'));
ALTER TABLE "snmp_devices" ADD CONSTRAINT "snmp_devices_port_check" CHECK ("port" BETWEEN 1 AND 65535);
ALTER TABLE "snmp_thresholds" ADD CONSTRAINT "snmp_thresholds_operator_check" CHECK ("operator" IN ('gt', 'gte', 'lt', 'lte', 'eq', 'neq'));
ALTER TABLE "snmp_templates" ADD CONSTRAINT "snmp_templates_owner_check" CHECK ("built_in" OR "partner_id" IS NOT NULL);

-- SNMP metric history beside the device metric history and in the same shape: 5-minute buckets
-- (count, sum, min, max, last) per device and OID instance, range-partitioned by bucket with one
-- partition per UTC day and a DEFAULT partition as a safety net. The device metric tables have
-- one column group per fixed metric, SNMP has an open set of OIDs, so the OID is part of the key
-- instead. lib/metric-history/partitions.ts makes, moves and drops its partitions with the others.
CREATE TABLE "snmp_metric_buckets" (
    "snmp_device_id" UUID NOT NULL,
    "oid" VARCHAR(255) NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,
    "sum" DOUBLE PRECISION NOT NULL,
    "min" DOUBLE PRECISION NOT NULL,
    "max" DOUBLE PRECISION NOT NULL,
    "last" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "snmp_metric_buckets_pkey" PRIMARY KEY ("snmp_device_id", "oid", "bucket")
) PARTITION BY RANGE ("bucket");

ALTER TABLE "snmp_metric_buckets" ADD CONSTRAINT "snmp_metric_buckets_snmp_device_id_fkey" FOREIGN KEY ("snmp_device_id") REFERENCES "snmp_devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TABLE "snmp_metric_buckets_default" PARTITION OF "snmp_metric_buckets" DEFAULT WITH (fillfactor = 70);
CREATE INDEX "snmp_metric_buckets_bucket_brin" ON "snmp_metric_buckets" USING brin ("bucket");

-- The built-in templates (read-only, every partner sees them). Fixed ids so that code and tests
-- can name them. A `walk` entry is a table column: every instance under it is polled.
INSERT INTO "snmp_templates" ("id", "partner_id", "name", "description", "built_in", "oids", "updated_at") VALUES
('00000000-0000-4000-8000-000000005301', NULL, 'Generic interfaces (IF-MIB)', 'System uptime and per-interface status, traffic and errors (IF-MIB, RFC 2863).', true,
 '[{"oid":"1.3.6.1.2.1.1.3.0","name":"sysUpTime","unit":"ticks","type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.2.2.1.2","name":"ifDescr","unit":null,"type":"string","walk":true},
   {"oid":"1.3.6.1.2.1.2.2.1.8","name":"ifOperStatus","unit":null,"type":"gauge","walk":true},
   {"oid":"1.3.6.1.2.1.31.1.1.1.15","name":"ifHighSpeed","unit":"Mbit/s","type":"gauge","walk":true},
   {"oid":"1.3.6.1.2.1.31.1.1.1.6","name":"ifHCInOctets","unit":"B/s","type":"counter","walk":true},
   {"oid":"1.3.6.1.2.1.31.1.1.1.10","name":"ifHCOutOctets","unit":"B/s","type":"counter","walk":true},
   {"oid":"1.3.6.1.2.1.2.2.1.14","name":"ifInErrors","unit":"errors/s","type":"counter","walk":true},
   {"oid":"1.3.6.1.2.1.2.2.1.20","name":"ifOutErrors","unit":"errors/s","type":"counter","walk":true}]', CURRENT_TIMESTAMP),
('00000000-0000-4000-8000-000000005302', NULL, 'Host resources (HOST-RESOURCES-MIB)', 'Uptime, users, processes, processor load and storage of a host (HOST-RESOURCES-MIB, RFC 2790).', true,
 '[{"oid":"1.3.6.1.2.1.25.1.1.0","name":"hrSystemUptime","unit":"ticks","type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.25.1.5.0","name":"hrSystemNumUsers","unit":null,"type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.25.1.6.0","name":"hrSystemProcesses","unit":null,"type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.25.2.2.0","name":"hrMemorySize","unit":"KiB","type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.25.3.3.1.2","name":"hrProcessorLoad","unit":"%","type":"gauge","walk":true},
   {"oid":"1.3.6.1.2.1.25.2.3.1.3","name":"hrStorageDescr","unit":null,"type":"string","walk":true},
   {"oid":"1.3.6.1.2.1.25.2.3.1.4","name":"hrStorageAllocationUnits","unit":"B","type":"gauge","walk":true},
   {"oid":"1.3.6.1.2.1.25.2.3.1.5","name":"hrStorageSize","unit":"units","type":"gauge","walk":true},
   {"oid":"1.3.6.1.2.1.25.2.3.1.6","name":"hrStorageUsed","unit":"units","type":"gauge","walk":true}]', CURRENT_TIMESTAMP),
('00000000-0000-4000-8000-000000005303', NULL, 'UPS (UPS-MIB)', 'Battery, input and output of an uninterruptible power supply (UPS-MIB, RFC 1628).', true,
 '[{"oid":"1.3.6.1.2.1.33.1.2.1.0","name":"upsBatteryStatus","unit":null,"type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.33.1.2.2.0","name":"upsSecondsOnBattery","unit":"s","type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.33.1.2.3.0","name":"upsEstimatedMinutesRemaining","unit":"min","type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.33.1.2.4.0","name":"upsEstimatedChargeRemaining","unit":"%","type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.33.1.2.5.0","name":"upsBatteryVoltage","unit":"0.1 V","type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.33.1.2.7.0","name":"upsBatteryTemperature","unit":"C","type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.33.1.3.3.1.3","name":"upsInputVoltage","unit":"V","type":"gauge","walk":true},
   {"oid":"1.3.6.1.2.1.33.1.4.1.0","name":"upsOutputSource","unit":null,"type":"gauge","walk":false},
   {"oid":"1.3.6.1.2.1.33.1.4.4.1.5","name":"upsOutputPercentLoad","unit":"%","type":"gauge","walk":true},
   {"oid":"1.3.6.1.2.1.33.1.6.1.0","name":"upsAlarmsPresent","unit":null,"type":"gauge","walk":false}]', CURRENT_TIMESTAMP);
