-- CreateEnum
CREATE TYPE "DashboardVisibility" AS ENUM ('shared', 'private');

-- CreateEnum
CREATE TYPE "DashboardWidgetType" AS ENUM ('chart', 'number', 'table');

-- CreateEnum
CREATE TYPE "SlaTargetKind" AS ENUM ('alert', 'ticket');

-- CreateTable
CREATE TABLE "analytics_dashboards" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "owner_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "visibility" "DashboardVisibility" NOT NULL DEFAULT 'shared',
    "layout" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "analytics_dashboards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "analytics_widgets" (
    "id" UUID NOT NULL,
    "dashboard_id" UUID NOT NULL,
    "title" VARCHAR(255) NOT NULL,
    "type" "DashboardWidgetType" NOT NULL,
    "query" JSONB NOT NULL,
    "options" JSONB NOT NULL DEFAULT '{}',
    "pos_x" INTEGER NOT NULL DEFAULT 0,
    "pos_y" INTEGER NOT NULL DEFAULT 0,
    "width" INTEGER NOT NULL DEFAULT 6,
    "height" INTEGER NOT NULL DEFAULT 4,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "analytics_widgets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sla_definitions" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "target_kind" "SlaTargetKind" NOT NULL,
    "response_minutes" INTEGER NOT NULL,
    "resolve_minutes" INTEGER NOT NULL,
    "severities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "priorities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sla_definitions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "analytics_dashboards_partner_id_name_idx" ON "analytics_dashboards"("partner_id", "name");

-- CreateIndex
CREATE INDEX "analytics_dashboards_org_id_idx" ON "analytics_dashboards"("org_id");

-- CreateIndex
CREATE INDEX "analytics_dashboards_owner_id_idx" ON "analytics_dashboards"("owner_id");

-- CreateIndex
CREATE INDEX "analytics_widgets_dashboard_id_pos_y_pos_x_idx" ON "analytics_widgets"("dashboard_id", "pos_y", "pos_x");

-- CreateIndex
CREATE INDEX "sla_definitions_partner_id_name_idx" ON "sla_definitions"("partner_id", "name");

-- CreateIndex
CREATE INDEX "sla_definitions_org_id_idx" ON "sla_definitions"("org_id");

-- AddForeignKey
ALTER TABLE "analytics_widgets" ADD CONSTRAINT "analytics_widgets_dashboard_id_fkey" FOREIGN KEY ("dashboard_id") REFERENCES "analytics_dashboards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

