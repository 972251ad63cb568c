-- Automations, their runs and the per-action per-device outcomes of each run.
CREATE TABLE "automations" (
  "id" UUID NOT NULL,
  "partner_id" UUID NOT NULL,
  "org_id" UUID NOT NULL,
  "name" VARCHAR(200) NOT NULL,
  "description" VARCHAR(2000),
  "enabled" BOOLEAN NOT NULL DEFAULT true,
  "trigger_type" VARCHAR(16) NOT NULL,
  "trigger" JSONB NOT NULL,
  "event_type" VARCHAR(100),
  "conditions" JSONB NOT NULL DEFAULT '{}',
  "actions" JSONB NOT NULL DEFAULT '[]',
  "targets" JSONB NOT NULL DEFAULT '{}',
  "next_run_at" TIMESTAMPTZ(3),
  "last_run_at" TIMESTAMPTZ(3),
  "created_by" UUID,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "automations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "automations_partner_id_created_at_idx" ON "automations"("partner_id", "created_at" DESC);
CREATE INDEX "automations_org_id_idx" ON "automations"("org_id");
CREATE INDEX "automations_event_type_enabled_idx" ON "automations"("event_type", "enabled");
CREATE INDEX "automations_next_run_at_idx" ON "automations"("next_run_at");

CREATE TABLE "automation_runs" (
  "id" UUID NOT NULL,
  "automation_id" UUID NOT NULL,
  "partner_id" UUID NOT NULL,
  "org_id" UUID NOT NULL,
  "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
  "source" VARCHAR(16) NOT NULL,
  "event_id" UUID,
  "event" JSONB,
  "device_ids" UUID[] DEFAULT ARRAY[]::UUID[],
  "reason" VARCHAR(1000),
  "requested_by" UUID,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at" TIMESTAMPTZ(3),
  "finished_at" TIMESTAMPTZ(3),
  CONSTRAINT "automation_runs_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "automation_runs_automation_id_event_id_key" ON "automation_runs"("automation_id", "event_id");
CREATE INDEX "automation_runs_automation_id_created_at_idx" ON "automation_runs"("automation_id", "created_at" DESC);
CREATE INDEX "automation_runs_partner_id_created_at_idx" ON "automation_runs"("partner_id", "created_at" DESC);
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automation_id_fkey" FOREIGN KEY ("automation_id") REFERENCES "automations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "automation_run_steps" (
  "id" UUID NOT NULL,
  "run_id" UUID NOT NULL,
  "action_index" INTEGER NOT NULL,
  "action_type" VARCHAR(32) NOT NULL,
  "device_id" UUID,
  "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
  "result" JSONB,
  "error" VARCHAR(2000),
  "finished_at" TIMESTAMPTZ(3),
  CONSTRAINT "automation_run_steps_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "automation_run_steps_run_id_action_index_idx" ON "automation_run_steps"("run_id", "action_index");
ALTER TABLE "automation_run_steps" ADD CONSTRAINT "automation_run_steps_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "automation_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tickets opened by an automation action name their source.
ALTER TYPE "TicketSource" ADD VALUE IF NOT EXISTS 'automation';

-- The automation permissions for the built-in roles of partners that already exist, as
-- lib/auth/permissions.ts gives them to new partners.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['automations:read', 'automations:manage']
  WHERE "is_system" AND "name" IN ('Partner Admin', 'Technician', 'Organization Admin') AND NOT ('automations:read' = ANY("permissions"));
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['automations:read']
  WHERE "is_system" AND "name" IN ('Read Only', 'Organization User') AND NOT ('automations:read' = ANY("permissions"));
