-- CreateTable
CREATE TABLE "device_security_states" (
    "device_id" UUID NOT NULL,
    "collected_at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "firewall" JSONB NOT NULL DEFAULT '{}',
    "encryption" JSONB NOT NULL DEFAULT '{}',
    "antivirus" JSONB NOT NULL DEFAULT '{}',
    "password_policy" JSONB NOT NULL DEFAULT '{}',
    "admin_accounts" JSONB NOT NULL DEFAULT '{}',
    "sshd" JSONB NOT NULL DEFAULT '{}',
    "checks" JSONB NOT NULL DEFAULT '[]',
    "score" INTEGER,
    "scored_at" TIMESTAMPTZ(3),

    CONSTRAINT "device_security_states_pkey" PRIMARY KEY ("device_id")
);

-- CreateTable
CREATE TABLE "device_security_score_daily" (
    "device_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "org_id" UUID NOT NULL,
    "score" INTEGER NOT NULL,

    CONSTRAINT "device_security_score_daily_pkey" PRIMARY KEY ("device_id","day")
);

-- CreateTable
CREATE TABLE "org_security_score_daily" (
    "org_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "partner_id" UUID NOT NULL,
    "score" INTEGER NOT NULL,
    "device_count" INTEGER NOT NULL,

    CONSTRAINT "org_security_score_daily_pkey" PRIMARY KEY ("org_id","day")
);

-- CreateTable
CREATE TABLE "security_policies" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "checks" JSONB NOT NULL,
    "scan_paths" VARCHAR(1000)[] DEFAULT ARRAY[]::VARCHAR(1000)[],
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "security_policies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "security_recommendations" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "check_key" VARCHAR(64) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'open',
    "affected_devices" INTEGER NOT NULL DEFAULT 0,
    "device_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "impact" INTEGER NOT NULL DEFAULT 0,
    "note" VARCHAR(2000),
    "acted_by_id" UUID,
    "acted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "security_recommendations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "security_scans" (
    "id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "command_id" UUID,
    "status" VARCHAR(16) NOT NULL DEFAULT 'queued',
    "paths" VARCHAR(1000)[],
    "engine" VARCHAR(255),
    "files_scanned" INTEGER,
    "threats_found" INTEGER NOT NULL DEFAULT 0,
    "error" VARCHAR(4000),
    "requested_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "security_scans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "security_threats" (
    "id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "scan_id" UUID,
    "name" VARCHAR(500) NOT NULL,
    "file_path" VARCHAR(4096) NOT NULL,
    "sha256" VARCHAR(64),
    "severity" VARCHAR(16) NOT NULL DEFAULT 'high',
    "status" VARCHAR(16) NOT NULL DEFAULT 'detected',
    "quarantine_path" VARCHAR(4096),
    "pending_action" VARCHAR(16),
    "pending_command_id" UUID,
    "last_error" VARCHAR(4000),
    "detected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "security_threats_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "device_security_states_score_idx" ON "device_security_states"("score");

-- CreateIndex
CREATE INDEX "device_security_score_daily_org_id_day_idx" ON "device_security_score_daily"("org_id", "day");

-- CreateIndex
CREATE INDEX "org_security_score_daily_partner_id_day_idx" ON "org_security_score_daily"("partner_id", "day");

-- CreateIndex
CREATE INDEX "security_policies_partner_id_org_id_idx" ON "security_policies"("partner_id", "org_id");

-- CreateIndex
CREATE INDEX "security_recommendations_partner_id_status_idx" ON "security_recommendations"("partner_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "security_recommendations_org_id_check_key_key" ON "security_recommendations"("org_id", "check_key");

-- CreateIndex
CREATE UNIQUE INDEX "security_scans_command_id_key" ON "security_scans"("command_id");

-- CreateIndex
CREATE INDEX "security_scans_device_id_created_at_idx" ON "security_scans"("device_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "security_threats_device_id_detected_at_idx" ON "security_threats"("device_id", "detected_at" DESC);

-- CreateIndex
CREATE INDEX "security_threats_status_idx" ON "security_threats"("status");

-- AddForeignKey
ALTER TABLE "device_security_states" ADD CONSTRAINT "device_security_states_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_security_score_daily" ADD CONSTRAINT "device_security_score_daily_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "security_scans" ADD CONSTRAINT "security_scans_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "security_threats" ADD CONSTRAINT "security_threats_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "security_threats" ADD CONSTRAINT "security_threats_scan_id_fkey" FOREIGN KEY ("scan_id") REFERENCES "security_scans"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- At most one security policy per organization and one partner-wide (org_id null) per partner.
CREATE UNIQUE INDEX "security_policies_org_key" ON "security_policies"("partner_id", "org_id") WHERE "org_id" IS NOT NULL;
CREATE UNIQUE INDEX "security_policies_partner_wide_key" ON "security_policies"("partner_id") WHERE "org_id" IS NULL;
