-- CreateEnum
CREATE TYPE "PatchSource" AS ENUM ('os_vendor_a', 'os_vendor_b', 'linux', 'third_party', 'custom');

-- CreateEnum
CREATE TYPE "PatchSeverity" AS ENUM ('critical', 'important', 'moderate', 'low', 'unknown');

-- CreateEnum
CREATE TYPE "PatchApprovalStatus" AS ENUM ('pending', 'approved', 'declined', 'deferred');

-- CreateEnum
CREATE TYPE "DevicePatchStatus" AS ENUM ('available', 'installing', 'installed', 'failed', 'rolled_back', 'superseded');

-- CreateEnum
CREATE TYPE "PatchJobKind" AS ENUM ('install', 'rollback');

-- CreateEnum
CREATE TYPE "PatchJobSchedule" AS ENUM ('now', 'next_window');

-- CreateEnum
CREATE TYPE "PatchJobStatus" AS ENUM ('scheduled', 'queued', 'running', 'completed', 'partially_failed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "patches" (
    "id" UUID NOT NULL,
    "source" "PatchSource" NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "version" VARCHAR(128) NOT NULL,
    "title" VARCHAR(500) NOT NULL,
    "vendor" VARCHAR(255),
    "description" VARCHAR(4000),
    "severity" "PatchSeverity" NOT NULL DEFAULT 'unknown',
    "cve_ids" VARCHAR(32)[] DEFAULT ARRAY[]::VARCHAR(32)[],
    "origin" VARCHAR(255),
    "released_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "patches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_patches" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "patch_id" UUID NOT NULL,
    "status" "DevicePatchStatus" NOT NULL DEFAULT 'available',
    "installed_version" VARCHAR(128),
    "last_error" VARCHAR(4000),
    "last_job_id" UUID,
    "detected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "installed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "device_patches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "patch_approvals" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "patch_id" UUID NOT NULL,
    "status" "PatchApprovalStatus" NOT NULL DEFAULT 'pending',
    "defer_until" TIMESTAMPTZ(3),
    "note" VARCHAR(1000),
    "decided_by" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "patch_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "patch_jobs" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "kind" "PatchJobKind" NOT NULL DEFAULT 'install',
    "schedule" "PatchJobSchedule" NOT NULL DEFAULT 'now',
    "status" "PatchJobStatus" NOT NULL DEFAULT 'queued',
    "patch_ids" UUID[],
    "command_id" UUID,
    "results" JSONB,
    "error" VARCHAR(4000),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "patch_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "patches_severity_idx" ON "patches"("severity");

-- CreateIndex
CREATE UNIQUE INDEX "patches_source_name_version_key" ON "patches"("source", "name", "version");

-- CreateIndex
CREATE INDEX "device_patches_partner_id_org_id_status_idx" ON "device_patches"("partner_id", "org_id", "status");

-- CreateIndex
CREATE INDEX "device_patches_patch_id_status_idx" ON "device_patches"("patch_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "device_patches_device_id_patch_id_key" ON "device_patches"("device_id", "patch_id");

-- CreateIndex
CREATE INDEX "patch_approvals_partner_id_status_idx" ON "patch_approvals"("partner_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "patch_approvals_org_id_patch_id_key" ON "patch_approvals"("org_id", "patch_id");

-- CreateIndex
CREATE INDEX "patch_jobs_partner_id_created_at_idx" ON "patch_jobs"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "patch_jobs_status_schedule_idx" ON "patch_jobs"("status", "schedule");

-- CreateIndex
CREATE INDEX "patch_jobs_command_id_idx" ON "patch_jobs"("command_id");

-- CreateIndex
CREATE INDEX "patch_jobs_device_id_idx" ON "patch_jobs"("device_id");

-- AddForeignKey
ALTER TABLE "device_patches" ADD CONSTRAINT "device_patches_patch_id_fkey" FOREIGN KEY ("patch_id") REFERENCES "patches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "patch_approvals" ADD CONSTRAINT "patch_approvals_patch_id_fkey" FOREIGN KEY ("patch_id") REFERENCES "patches"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Device and organization rows own their patch state, approvals and jobs (declared here so the
-- device and tenancy schemas need no back-relations).
ALTER TABLE "device_patches" ADD CONSTRAINT "device_patches_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "patch_jobs" ADD CONSTRAINT "patch_jobs_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "patch_approvals" ADD CONSTRAINT "patch_approvals_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A deferral always carries its date.
ALTER TABLE "patch_approvals" ADD CONSTRAINT "patch_approvals_deferred_has_date" CHECK ("status" <> 'deferred' OR "defer_until" IS NOT NULL);
