-- CreateEnum
CREATE TYPE "DeviceStatus" AS ENUM ('pending', 'online', 'offline', 'uninstalled', 'decommissioned');

-- CreateEnum
CREATE TYPE "OsType" AS ENUM ('windows', 'macos', 'linux');

-- CreateEnum
CREATE TYPE "CommandStatus" AS ENUM ('pending', 'sent', 'completed', 'failed', 'timed_out', 'cancelled');

-- CreateEnum
CREATE TYPE "DeviceGroupType" AS ENUM ('static', 'dynamic');

-- CreateEnum
CREATE TYPE "GroupPinMode" AS ENUM ('include', 'exclude');

-- CreateTable
CREATE TABLE "devices" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "site_id" UUID,
    "agent_id" UUID,
    "agent_token_hash" VARCHAR(64),
    "agent_token_issued_at" TIMESTAMPTZ(3),
    "agent_revoked_at" TIMESTAMPTZ(3),
    "machine_id" VARCHAR(128),
    "hostname" VARCHAR(255) NOT NULL,
    "display_name" VARCHAR(255),
    "os_type" "OsType",
    "os_version" VARCHAR(255),
    "architecture" VARCHAR(64),
    "agent_version" VARCHAR(64),
    "status" "DeviceStatus" NOT NULL DEFAULT 'pending',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "hardware" JSONB,
    "last_seen_at" TIMESTAMPTZ(3),
    "cpu_percent" REAL,
    "memory_percent" REAL,
    "disk_percent" REAL,
    "uptime_seconds" BIGINT,
    "last_user" VARCHAR(255),
    "metrics" JSONB,
    "watchdog_status" VARCHAR(32),
    "watchdog_last_seen_at" TIMESTAMPTZ(3),
    "main_agent_silent_since" TIMESTAMPTZ(3),
    "enrolled_at" TIMESTAMPTZ(3),
    "decommissioned_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "devices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_commands" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "status" "CommandStatus" NOT NULL DEFAULT 'pending',
    "dedupe_key" VARCHAR(32),
    "source" VARCHAR(32) NOT NULL DEFAULT 'user',
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "exit_code" INTEGER,
    "stdout" TEXT,
    "stderr" TEXT,
    "truncated" BOOLEAN NOT NULL DEFAULT false,
    "result" JSONB,

    CONSTRAINT "device_commands_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_inventory" (
    "device_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "hardware" JSONB NOT NULL DEFAULT '{}',
    "os" JSONB NOT NULL DEFAULT '{}',
    "disks" JSONB NOT NULL DEFAULT '[]',
    "network" JSONB NOT NULL DEFAULT '[]',
    "collected_at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_inventory_pkey" PRIMARY KEY ("device_id")
);

-- CreateTable
CREATE TABLE "device_software" (
    "id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" VARCHAR(500) NOT NULL,
    "version" VARCHAR(200),
    "publisher" VARCHAR(500),
    "source" VARCHAR(32),
    "installed_at" TIMESTAMPTZ(3),

    CONSTRAINT "device_software_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_groups" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "site_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(1000),
    "type" "DeviceGroupType" NOT NULL,
    "rules" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "device_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_group_memberships" (
    "group_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "source" VARCHAR(16) NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_group_memberships_pkey" PRIMARY KEY ("group_id","device_id")
);

-- CreateTable
CREATE TABLE "device_group_pins" (
    "group_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "mode" "GroupPinMode" NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_group_pins_pkey" PRIMARY KEY ("group_id","device_id")
);

-- CreateTable
CREATE TABLE "device_group_membership_log" (
    "id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "action" VARCHAR(8) NOT NULL,
    "reason" VARCHAR(64) NOT NULL,
    "actor_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_group_membership_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "enrollment_keys" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "site_id" UUID,
    "device_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "key_hash" VARCHAR(64) NOT NULL,
    "key_prefix" VARCHAR(16) NOT NULL,
    "secret_hash" VARCHAR(64),
    "max_usage" INTEGER,
    "usage_count" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "rotated_at" TIMESTAMPTZ(3),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "enrollment_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_versions" (
    "version" VARCHAR(64) NOT NULL,
    "promoted" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "released_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_versions_pkey" PRIMARY KEY ("version")
);

-- CreateTable
CREATE TABLE "agent_artifacts" (
    "version" VARCHAR(64) NOT NULL,
    "os" "OsType" NOT NULL,
    "arch" VARCHAR(16) NOT NULL,
    "file_name" VARCHAR(255) NOT NULL,
    "content_type" VARCHAR(100) NOT NULL,
    "sha256" VARCHAR(64) NOT NULL,
    "size" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "agent_artifacts_pkey" PRIMARY KEY ("version","os","arch")
);

-- CreateIndex
CREATE UNIQUE INDEX "devices_agent_id_key" ON "devices"("agent_id");

-- CreateIndex
CREATE UNIQUE INDEX "devices_agent_token_hash_key" ON "devices"("agent_token_hash");

-- CreateIndex
CREATE INDEX "devices_partner_id_hostname_id_idx" ON "devices"("partner_id", "hostname", "id");

-- CreateIndex
CREATE INDEX "devices_org_id_hostname_id_idx" ON "devices"("org_id", "hostname", "id");

-- CreateIndex
CREATE INDEX "devices_partner_id_enrolled_at_id_idx" ON "devices"("partner_id", "enrolled_at", "id");

-- CreateIndex
CREATE INDEX "devices_org_id_machine_id_idx" ON "devices"("org_id", "machine_id");

-- CreateIndex
CREATE INDEX "devices_site_id_idx" ON "devices"("site_id");

-- CreateIndex
CREATE INDEX "devices_tags_idx" ON "devices" USING GIN ("tags");

-- CreateIndex
CREATE INDEX "device_commands_device_id_status_created_at_idx" ON "device_commands"("device_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "device_commands_device_id_created_at_idx" ON "device_commands"("device_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "device_commands_status_sent_at_idx" ON "device_commands"("status", "sent_at");

-- CreateIndex
CREATE INDEX "device_commands_partner_id_type_status_idx" ON "device_commands"("partner_id", "type", "status");

-- CreateIndex
CREATE UNIQUE INDEX "device_commands_device_id_dedupe_key_key" ON "device_commands"("device_id", "dedupe_key");

-- CreateIndex
CREATE INDEX "device_software_device_id_name_idx" ON "device_software"("device_id", "name");

-- CreateIndex
CREATE INDEX "device_software_org_id_name_idx" ON "device_software"("org_id", "name");

-- CreateIndex
CREATE INDEX "device_groups_partner_id_idx" ON "device_groups"("partner_id");

-- CreateIndex
CREATE UNIQUE INDEX "device_groups_org_id_name_key" ON "device_groups"("org_id", "name");

-- CreateIndex
CREATE INDEX "device_group_memberships_device_id_idx" ON "device_group_memberships"("device_id");

-- CreateIndex
CREATE INDEX "device_group_pins_device_id_idx" ON "device_group_pins"("device_id");

-- CreateIndex
CREATE INDEX "device_group_membership_log_group_id_created_at_idx" ON "device_group_membership_log"("group_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "enrollment_keys_key_hash_key" ON "enrollment_keys"("key_hash");

-- CreateIndex
CREATE INDEX "enrollment_keys_partner_id_created_at_idx" ON "enrollment_keys"("partner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "enrollment_keys_org_id_created_at_idx" ON "enrollment_keys"("org_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_inventory" ADD CONSTRAINT "device_inventory_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_software" ADD CONSTRAINT "device_software_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_group_memberships" ADD CONSTRAINT "device_group_memberships_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "device_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_group_memberships" ADD CONSTRAINT "device_group_memberships_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_group_pins" ADD CONSTRAINT "device_group_pins_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "device_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_group_pins" ADD CONSTRAINT "device_group_pins_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_group_membership_log" ADD CONSTRAINT "device_group_membership_log_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "device_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrollment_keys" ADD CONSTRAINT "enrollment_keys_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrollment_keys" ADD CONSTRAINT "enrollment_keys_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_artifacts" ADD CONSTRAINT "agent_artifacts_version_fkey" FOREIGN KEY ("version") REFERENCES "agent_versions"("version") ON DELETE CASCADE ON UPDATE CASCADE;

-- Heartbeats rewrite a device row every interval: leave room on each page so the update stays
-- a heap-only tuple (none of the heartbeat columns is indexed).
ALTER TABLE "devices" SET (fillfactor = 80);
