-- CreateEnum
CREATE TYPE "MaintenanceRecurrence" AS ENUM ('none', 'daily', 'weekly', 'monthly');

-- CreateEnum
CREATE TYPE "MaintenanceWindowStatus" AS ENUM ('active', 'cancelled');

-- CreateTable
CREATE TABLE "maintenance_windows" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "timezone" VARCHAR(64) NOT NULL DEFAULT 'UTC',
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "recurrence" "MaintenanceRecurrence" NOT NULL DEFAULT 'none',
    "days_of_week" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "day_of_month" INTEGER,
    "until" TIMESTAMPTZ(3),
    "target_org_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "target_site_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "target_group_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "target_device_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "suppress_alerts" BOOLEAN NOT NULL DEFAULT true,
    "suppress_patching" BOOLEAN NOT NULL DEFAULT false,
    "status" "MaintenanceWindowStatus" NOT NULL DEFAULT 'active',
    "cancelled_at" TIMESTAMPTZ(3),
    "cancelled_by" UUID,
    "materialized_until" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "maintenance_windows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "maintenance_occurrences" (
    "id" UUID NOT NULL,
    "window_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "scheduled_starts_at" TIMESTAMPTZ(3) NOT NULL,
    "scheduled_ends_at" TIMESTAMPTZ(3) NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "started_by" UUID,
    "ended_by" UUID,
    "cancelled_at" TIMESTAMPTZ(3),
    "cancelled_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "maintenance_occurrences_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "maintenance_windows_partner_id_created_at_idx" ON "maintenance_windows"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "maintenance_windows_org_id_idx" ON "maintenance_windows"("org_id");

-- CreateIndex
CREATE INDEX "maintenance_windows_status_materialized_until_idx" ON "maintenance_windows"("status", "materialized_until");

-- CreateIndex
CREATE INDEX "maintenance_occurrences_window_id_starts_at_idx" ON "maintenance_occurrences"("window_id", "starts_at");

-- CreateIndex
CREATE INDEX "maintenance_occurrences_partner_id_starts_at_idx" ON "maintenance_occurrences"("partner_id", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "maintenance_occurrences_window_id_scheduled_starts_at_key" ON "maintenance_occurrences"("window_id", "scheduled_starts_at");

-- AddForeignKey
ALTER TABLE "maintenance_occurrences" ADD CONSTRAINT "maintenance_occurrences_window_id_fkey" FOREIGN KEY ("window_id") REFERENCES "maintenance_windows"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- An occurrence always ends after it starts, and a window lasts at least a minute.
ALTER TABLE "maintenance_occurrences" ADD CONSTRAINT "maintenance_occurrences_span" CHECK ("ends_at" > "starts_at");
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_duration" CHECK ("duration_minutes" > 0);
