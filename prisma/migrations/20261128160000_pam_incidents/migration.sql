-- CreateTable
CREATE TABLE "incidents" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "device_id" UUID,
    "title" VARCHAR(500) NOT NULL,
    "description" VARCHAR(10000),
    "severity" VARCHAR(2) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'open',
    "source_kind" VARCHAR(16) NOT NULL,
    "source_id" VARCHAR(255),
    "edr_status" VARCHAR(64),
    "detected_at" TIMESTAMPTZ(3) NOT NULL,
    "created_by" UUID,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "incidents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "edr_integrations" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "provider" VARCHAR(16) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "base_url" VARCHAR(2048) NOT NULL,
    "api_token_sealed" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "last_sync_at" TIMESTAMPTZ(3),
    "last_error" VARCHAR(1000),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "edr_integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "edr_findings" (
    "id" UUID NOT NULL,
    "integration_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "source" VARCHAR(16) NOT NULL,
    "external_id" VARCHAR(255) NOT NULL,
    "device_id" UUID,
    "hostname" VARCHAR(255),
    "title" VARCHAR(500) NOT NULL,
    "severity" VARCHAR(2) NOT NULL,
    "edr_status" VARCHAR(64),
    "detected_at" TIMESTAMPTZ(3) NOT NULL,
    "link_out" VARCHAR(2048),
    "tracked_incident_id" UUID,
    "raw" JSONB NOT NULL DEFAULT '{}',
    "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "edr_findings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pam_signer_groups" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "signers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "thumbprints" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pam_signer_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pam_rules" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "verdict" VARCHAR(16) NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 100,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "duration_minutes" INTEGER NOT NULL DEFAULT 15,
    "match_signer" VARCHAR(255),
    "match_signer_thumbprint" VARCHAR(64),
    "match_signer_group_id" UUID,
    "match_hash" VARCHAR(64),
    "match_path_glob" VARCHAR(1024),
    "match_parent_image" VARCHAR(1024),
    "match_command_line" VARCHAR(2048),
    "match_user" VARCHAR(255),
    "match_ad_group" VARCHAR(255),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pam_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pam_configs" (
    "org_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "default_verdict" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "default_duration_minutes" INTEGER NOT NULL DEFAULT 15,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pam_configs_pkey" PRIMARY KEY ("org_id")
);

-- CreateTable
CREATE TABLE "pam_elevation_requests" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "executable_path" VARCHAR(1024) NOT NULL,
    "sha256" VARCHAR(64) NOT NULL,
    "signer" VARCHAR(255),
    "signer_thumbprint" VARCHAR(64),
    "parent_image" VARCHAR(1024),
    "command_line" VARCHAR(4096) NOT NULL,
    "subject_user" VARCHAR(255) NOT NULL,
    "subject_groups" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "reason" VARCHAR(1000),
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "decided_by" VARCHAR(16),
    "rule_id" UUID,
    "decided_by_user_id" UUID,
    "decision_note" VARCHAR(1000),
    "duration_minutes" INTEGER,
    "decided_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_by_user_id" UUID,
    "ended_at" TIMESTAMPTZ(3),
    "exit_code" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pam_elevation_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "incidents_partner_id_org_id_severity_detected_at_idx" ON "incidents"("partner_id", "org_id", "severity", "detected_at");

-- CreateIndex
CREATE UNIQUE INDEX "incidents_org_id_source_kind_source_id_key" ON "incidents"("org_id", "source_kind", "source_id");

-- CreateIndex
CREATE INDEX "edr_integrations_partner_id_idx" ON "edr_integrations"("partner_id");

-- CreateIndex
CREATE UNIQUE INDEX "edr_integrations_org_id_provider_key" ON "edr_integrations"("org_id", "provider");

-- CreateIndex
CREATE INDEX "edr_findings_partner_id_org_id_severity_detected_at_idx" ON "edr_findings"("partner_id", "org_id", "severity", "detected_at");

-- CreateIndex
CREATE UNIQUE INDEX "edr_findings_integration_id_external_id_key" ON "edr_findings"("integration_id", "external_id");

-- CreateIndex
CREATE INDEX "pam_signer_groups_partner_id_org_id_idx" ON "pam_signer_groups"("partner_id", "org_id");

-- CreateIndex
CREATE INDEX "pam_rules_partner_id_org_id_priority_idx" ON "pam_rules"("partner_id", "org_id", "priority");

-- CreateIndex
CREATE INDEX "pam_configs_partner_id_idx" ON "pam_configs"("partner_id");

-- CreateIndex
CREATE INDEX "pam_elevation_requests_partner_id_org_id_created_at_idx" ON "pam_elevation_requests"("partner_id", "org_id", "created_at");

-- CreateIndex
CREATE INDEX "pam_elevation_requests_device_id_created_at_idx" ON "pam_elevation_requests"("device_id", "created_at");

-- CreateIndex
CREATE INDEX "pam_elevation_requests_status_expires_at_idx" ON "pam_elevation_requests"("status", "expires_at");

-- AddForeignKey
ALTER TABLE "edr_findings" ADD CONSTRAINT "edr_findings_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "edr_integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pam_rules" ADD CONSTRAINT "pam_rules_match_signer_group_id_fkey" FOREIGN KEY ("match_signer_group_id") REFERENCES "pam_signer_groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Device references kept as plain columns in the schema (no relation on the Device model).
ALTER TABLE "pam_elevation_requests" ADD CONSTRAINT "pam_elevation_requests_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "edr_findings" ADD CONSTRAINT "edr_findings_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "edr_findings" ADD CONSTRAINT "edr_findings_tracked_incident_id_fkey" FOREIGN KEY ("tracked_incident_id") REFERENCES "incidents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "pam_rules" ADD CONSTRAINT "pam_rules_verdict_check" CHECK ("verdict" IN ('approve', 'deny'));
ALTER TABLE "pam_configs" ADD CONSTRAINT "pam_configs_default_verdict_check" CHECK ("default_verdict" IN ('pending', 'approve', 'deny'));
ALTER TABLE "pam_elevation_requests" ADD CONSTRAINT "pam_elevation_requests_status_check" CHECK ("status" IN ('pending', 'approved', 'denied', 'revoked', 'completed', 'expired'));
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_severity_check" CHECK ("severity" IN ('p1', 'p2', 'p3', 'p4'));
ALTER TABLE "edr_findings" ADD CONSTRAINT "edr_findings_severity_check" CHECK ("severity" IN ('p1', 'p2', 'p3', 'p4'));
