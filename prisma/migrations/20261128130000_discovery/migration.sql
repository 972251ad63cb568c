-- CreateTable
CREATE TABLE "discovery_profiles" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "subnets" TEXT[],
    "ports" INTEGER[],
    "snmp_credentials_sealed" TEXT,
    "snmp_port" INTEGER NOT NULL DEFAULT 161,
    "options" JSONB NOT NULL DEFAULT '{}',
    "schedule_interval_minutes" INTEGER,
    "next_run_at" TIMESTAMPTZ(3),
    "probe_device_id" UUID NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "last_scan_at" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "discovery_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discovery_jobs" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "profile_id" UUID,
    "probe_device_id" UUID NOT NULL,
    "command_id" UUID,
    "status" VARCHAR(16) NOT NULL DEFAULT 'queued',
    "trigger" VARCHAR(16) NOT NULL DEFAULT 'manual',
    "subnets" TEXT[],
    "ports" INTEGER[],
    "targets_total" INTEGER NOT NULL DEFAULT 0,
    "targets_scanned" INTEGER NOT NULL DEFAULT 0,
    "hosts_found" INTEGER NOT NULL DEFAULT 0,
    "new_assets" INTEGER NOT NULL DEFAULT 0,
    "rejected_hosts" INTEGER NOT NULL DEFAULT 0,
    "gateway" VARCHAR(45),
    "error" VARCHAR(2000),
    "requested_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "discovery_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discovery_assets" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "profile_id" UUID,
    "last_job_id" UUID,
    "mac" VARCHAR(17),
    "ip" VARCHAR(45) NOT NULL,
    "hostname" VARCHAR(253),
    "vendor" VARCHAR(255),
    "open_ports" INTEGER[],
    "snmp" JSONB,
    "neighbors" JSONB NOT NULL DEFAULT '[]',
    "is_gateway" BOOLEAN NOT NULL DEFAULT false,
    "linked_device_id" UUID,
    "ignored_at" TIMESTAMPTZ(3),
    "monitoring" JSONB NOT NULL DEFAULT '{}',
    "monitoring_enabled" BOOLEAN NOT NULL DEFAULT false,
    "monitor_ids" UUID[],
    "snmp_device_id" UUID,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "discovery_assets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "discovery_profiles_partner_id_created_at_idx" ON "discovery_profiles"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "discovery_profiles_org_id_idx" ON "discovery_profiles"("org_id");

-- CreateIndex
CREATE INDEX "discovery_profiles_enabled_next_run_at_idx" ON "discovery_profiles"("enabled", "next_run_at");

-- CreateIndex
CREATE INDEX "discovery_jobs_partner_id_created_at_idx" ON "discovery_jobs"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "discovery_jobs_org_id_created_at_idx" ON "discovery_jobs"("org_id", "created_at");

-- CreateIndex
CREATE INDEX "discovery_jobs_profile_id_created_at_idx" ON "discovery_jobs"("profile_id", "created_at");

-- CreateIndex
CREATE INDEX "discovery_jobs_command_id_idx" ON "discovery_jobs"("command_id");

-- CreateIndex
CREATE INDEX "discovery_jobs_status_idx" ON "discovery_jobs"("status");

-- CreateIndex
CREATE INDEX "discovery_assets_partner_id_last_seen_at_idx" ON "discovery_assets"("partner_id", "last_seen_at");

-- CreateIndex
CREATE INDEX "discovery_assets_org_id_mac_idx" ON "discovery_assets"("org_id", "mac");

-- CreateIndex
CREATE INDEX "discovery_assets_org_id_ip_idx" ON "discovery_assets"("org_id", "ip");

-- CreateIndex
CREATE INDEX "discovery_assets_linked_device_id_idx" ON "discovery_assets"("linked_device_id");

-- AddForeignKey
ALTER TABLE "discovery_jobs" ADD CONSTRAINT "discovery_jobs_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "discovery_profiles"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- One asset per MAC and organization: concurrent scans of one network cannot create two.
CREATE UNIQUE INDEX "discovery_assets_org_mac_key" ON "discovery_assets"("org_id", "mac") WHERE "mac" IS NOT NULL;
ALTER TABLE "discovery_jobs" ADD CONSTRAINT "discovery_jobs_status_check" CHECK ("status" IN ('queued', 'running', 'completed', 'failed', 'cancelled', 'timed_out'));
