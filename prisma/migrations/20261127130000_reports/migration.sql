-- CreateEnum
CREATE TYPE "ReportType" AS ENUM ('device_inventory', 'software_inventory', 'alerts_summary', 'patch_compliance', 'metrics', 'tickets_sla', 'executive_summary');

-- CreateEnum
CREATE TYPE "ReportFormat" AS ENUM ('pdf', 'csv', 'excel');

-- CreateEnum
CREATE TYPE "ReportSchedule" AS ENUM ('daily', 'weekly', 'monthly');

-- CreateEnum
CREATE TYPE "ReportRunStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "ReportRunTrigger" AS ENUM ('manual', 'schedule', 'ad_hoc');

-- CreateTable
CREATE TABLE "reports" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "type" "ReportType" NOT NULL,
    "format" "ReportFormat" NOT NULL,
    "filters" JSONB NOT NULL DEFAULT '{}',
    "schedule" "ReportSchedule",
    "config" JSONB NOT NULL DEFAULT '{}',
    "next_run_at" TIMESTAMPTZ(3),
    "last_run_at" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_runs" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "report_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "type" "ReportType" NOT NULL,
    "format" "ReportFormat" NOT NULL,
    "filters" JSONB NOT NULL DEFAULT '{}',
    "trigger" "ReportRunTrigger" NOT NULL,
    "due_at" TIMESTAMPTZ(3),
    "status" "ReportRunStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "error" VARCHAR(2000),
    "email_recipients" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "emailed_at" TIMESTAMPTZ(3),
    "file_name" VARCHAR(255),
    "content_type" VARCHAR(100),
    "size_bytes" INTEGER,
    "row_count" INTEGER,
    "storage" "AttachmentStorage",
    "storage_bucket" VARCHAR(255),
    "storage_key" VARCHAR(512),
    "requested_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "report_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_run_files" (
    "run_id" UUID NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "report_run_files_pkey" PRIMARY KEY ("run_id")
);

-- CreateIndex
CREATE INDEX "reports_partner_id_created_at_idx" ON "reports"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "reports_org_id_idx" ON "reports"("org_id");

-- CreateIndex
CREATE INDEX "reports_next_run_at_idx" ON "reports"("next_run_at");

-- CreateIndex
CREATE INDEX "report_runs_partner_id_created_at_idx" ON "report_runs"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "report_runs_report_id_created_at_idx" ON "report_runs"("report_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "report_runs_report_id_due_at_key" ON "report_runs"("report_id", "due_at");

-- AddForeignKey
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_run_files" ADD CONSTRAINT "report_run_files_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "report_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

