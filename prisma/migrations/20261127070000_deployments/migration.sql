-- CreateEnum
CREATE TYPE "DeploymentKind" AS ENUM ('software', 'patches', 'script');

-- CreateEnum
CREATE TYPE "DeploymentStatus" AS ENUM ('draft', 'ready', 'running', 'paused', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "DeploymentPauseReason" AS ENUM ('manual', 'failure_threshold');

-- CreateEnum
CREATE TYPE "DeploymentStrategy" AS ENUM ('all_at_once', 'staged');

-- CreateEnum
CREATE TYPE "DeploymentDeviceStatus" AS ENUM ('pending', 'waiting', 'queued', 'running', 'succeeded', 'failed', 'skipped', 'expired', 'cancelled');

-- AlterTable
ALTER TABLE "maintenance_windows" ADD COLUMN     "suppress_deployments" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "deployments" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "kind" "DeploymentKind" NOT NULL,
    "payload" JSONB NOT NULL,
    "target_org_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "target_site_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "target_group_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "target_device_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "strategy" "DeploymentStrategy" NOT NULL DEFAULT 'all_at_once',
    "batch_size" INTEGER,
    "batch_percent" INTEGER,
    "failure_threshold_percent" INTEGER NOT NULL DEFAULT 20,
    "batch_interval_minutes" INTEGER NOT NULL DEFAULT 0,
    "maintenance_window_only" BOOLEAN NOT NULL DEFAULT false,
    "deadline" TIMESTAMPTZ(3),
    "status" "DeploymentStatus" NOT NULL DEFAULT 'draft',
    "pause_reason" "DeploymentPauseReason",
    "current_batch" INTEGER NOT NULL DEFAULT 0,
    "total_batches" INTEGER NOT NULL DEFAULT 0,
    "batch_started_at" TIMESTAMPTZ(3),
    "resumed_at" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "deployments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deployment_devices" (
    "id" UUID NOT NULL,
    "deployment_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "hostname" VARCHAR(255) NOT NULL,
    "batch" INTEGER NOT NULL,
    "status" "DeploymentDeviceStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "command_id" UUID,
    "error" VARCHAR(4000),
    "output" TEXT,
    "result" JSONB,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deployment_devices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "deployments_partner_id_created_at_idx" ON "deployments"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "deployments_org_id_idx" ON "deployments"("org_id");

-- CreateIndex
CREATE INDEX "deployments_status_idx" ON "deployments"("status");

-- CreateIndex
CREATE INDEX "deployment_devices_command_id_idx" ON "deployment_devices"("command_id");

-- CreateIndex
CREATE INDEX "deployment_devices_deployment_id_status_idx" ON "deployment_devices"("deployment_id", "status");

-- CreateIndex
CREATE INDEX "deployment_devices_deployment_id_batch_idx" ON "deployment_devices"("deployment_id", "batch");

-- CreateIndex
CREATE UNIQUE INDEX "deployment_devices_deployment_id_device_id_key" ON "deployment_devices"("deployment_id", "device_id");

-- AddForeignKey
ALTER TABLE "deployment_devices" ADD CONSTRAINT "deployment_devices_deployment_id_fkey" FOREIGN KEY ("deployment_id") REFERENCES "deployments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

