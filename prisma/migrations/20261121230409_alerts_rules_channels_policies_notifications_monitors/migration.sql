-- CreateEnum
CREATE TYPE "AlertStatus" AS ENUM ('active', 'acknowledged', 'suppressed', 'resolved', 'dismissed');

-- CreateEnum
CREATE TYPE "AlertSeverity" AS ENUM ('critical', 'high', 'medium', 'low', 'info');

-- CreateEnum
CREATE TYPE "AlertChannelKind" AS ENUM ('email', 'slack', 'teams', 'webhook', 'pagerduty', 'sms');

-- CreateEnum
CREATE TYPE "MonitorKind" AS ENUM ('http', 'tcp', 'dns', 'tls');

-- CreateTable
CREATE TABLE "alert_rules" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "severity" "AlertSeverity" NOT NULL,
    "targets" JSONB NOT NULL DEFAULT '{}',
    "condition_type" VARCHAR(32) NOT NULL,
    "condition" JSONB NOT NULL,
    "auto_resolve" BOOLEAN NOT NULL DEFAULT true,
    "cooldown_minutes" INTEGER NOT NULL DEFAULT 15,
    "template_id" VARCHAR(64),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_rule_states" (
    "rule_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "consecutive" INTEGER NOT NULL DEFAULT 0,
    "breach_since" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_value" DOUBLE PRECISION,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_rule_states_pkey" PRIMARY KEY ("rule_id","device_id")
);

-- CreateTable
CREATE TABLE "alerts" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "site_id" UUID,
    "device_id" UUID,
    "rule_id" UUID,
    "monitor_id" UUID,
    "open_key" VARCHAR(120),
    "status" "AlertStatus" NOT NULL DEFAULT 'active',
    "severity" "AlertSeverity" NOT NULL,
    "title" VARCHAR(500) NOT NULL,
    "message" VARCHAR(4000) NOT NULL,
    "source" VARCHAR(32) NOT NULL,
    "context" JSONB NOT NULL DEFAULT '{}',
    "correlation_group_id" UUID,
    "triggered_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acknowledged_at" TIMESTAMPTZ(3),
    "acknowledged_by" UUID,
    "suppressed_at" TIMESTAMPTZ(3),
    "suppressed_by" UUID,
    "suppressed_until" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" UUID,
    "resolved_by_system" BOOLEAN NOT NULL DEFAULT false,
    "resolution_note" VARCHAR(2000),
    "dismissed_at" TIMESTAMPTZ(3),
    "dismissed_by" UUID,
    "escalated_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_channels" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "kind" "AlertChannelKind" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "config_sealed" TEXT NOT NULL,
    "config_display" JSONB NOT NULL,
    "last_test_at" TIMESTAMPTZ(3),
    "last_test_ok" BOOLEAN,
    "last_error" VARCHAR(1000),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_channels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_policies" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "severities" "AlertSeverity"[] DEFAULT ARRAY[]::"AlertSeverity"[],
    "rule_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "channel_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "user_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "notify_on_resolve" BOOLEAN NOT NULL DEFAULT false,
    "escalate_after_minutes" INTEGER,
    "escalation_channel_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "escalation_user_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "message_template_id" UUID,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_policies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_templates" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "rule" JSONB,
    "subject" VARCHAR(500),
    "body" VARCHAR(8000),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_correlation_groups" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "key" VARCHAR(80) NOT NULL,
    "reason" VARCHAR(16) NOT NULL,
    "root_alert_id" UUID NOT NULL,
    "alert_count" INTEGER NOT NULL DEFAULT 1,
    "first_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_correlation_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "partner_id" UUID,
    "org_id" UUID,
    "alert_id" UUID,
    "type" VARCHAR(32) NOT NULL,
    "severity" "AlertSeverity",
    "title" VARCHAR(500) NOT NULL,
    "body" VARCHAR(4000) NOT NULL,
    "link" VARCHAR(500),
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "monitors" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "kind" "MonitorKind" NOT NULL,
    "config" JSONB NOT NULL,
    "interval_seconds" INTEGER NOT NULL DEFAULT 300,
    "timeout_ms" INTEGER NOT NULL DEFAULT 10000,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "severity" "AlertSeverity" NOT NULL DEFAULT 'high',
    "failure_threshold" INTEGER NOT NULL DEFAULT 1,
    "status" VARCHAR(16) NOT NULL DEFAULT 'unknown',
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "last_checked_at" TIMESTAMPTZ(3),
    "last_latency_ms" INTEGER,
    "last_message" VARCHAR(1000),
    "next_check_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "monitors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "monitor_results" (
    "id" UUID NOT NULL,
    "monitor_id" UUID NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "latency_ms" INTEGER,
    "message" VARCHAR(1000),
    "details" JSONB NOT NULL DEFAULT '{}',
    "checked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "monitor_results_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "alert_rules_partner_id_created_at_idx" ON "alert_rules"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "alert_rules_org_id_idx" ON "alert_rules"("org_id");

-- CreateIndex
CREATE INDEX "alert_rules_condition_type_enabled_idx" ON "alert_rules"("condition_type", "enabled");

-- CreateIndex
CREATE INDEX "alert_rule_states_device_id_idx" ON "alert_rule_states"("device_id");

-- CreateIndex
CREATE UNIQUE INDEX "alerts_open_key_key" ON "alerts"("open_key");

-- CreateIndex
CREATE INDEX "alerts_partner_id_triggered_at_idx" ON "alerts"("partner_id", "triggered_at" DESC);

-- CreateIndex
CREATE INDEX "alerts_org_id_status_triggered_at_idx" ON "alerts"("org_id", "status", "triggered_at" DESC);

-- CreateIndex
CREATE INDEX "alerts_device_id_triggered_at_idx" ON "alerts"("device_id", "triggered_at" DESC);

-- CreateIndex
CREATE INDEX "alerts_rule_id_device_id_triggered_at_idx" ON "alerts"("rule_id", "device_id", "triggered_at" DESC);

-- CreateIndex
CREATE INDEX "alerts_monitor_id_triggered_at_idx" ON "alerts"("monitor_id", "triggered_at" DESC);

-- CreateIndex
CREATE INDEX "alerts_status_triggered_at_idx" ON "alerts"("status", "triggered_at");

-- CreateIndex
CREATE INDEX "alerts_correlation_group_id_idx" ON "alerts"("correlation_group_id");

-- CreateIndex
CREATE INDEX "alert_channels_partner_id_created_at_idx" ON "alert_channels"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "alert_channels_org_id_idx" ON "alert_channels"("org_id");

-- CreateIndex
CREATE INDEX "alert_policies_partner_id_idx" ON "alert_policies"("partner_id");

-- CreateIndex
CREATE INDEX "alert_policies_org_id_idx" ON "alert_policies"("org_id");

-- CreateIndex
CREATE UNIQUE INDEX "alert_templates_partner_id_kind_name_key" ON "alert_templates"("partner_id", "kind", "name");

-- CreateIndex
CREATE INDEX "alert_correlation_groups_org_id_key_last_at_idx" ON "alert_correlation_groups"("org_id", "key", "last_at" DESC);

-- CreateIndex
CREATE INDEX "alert_correlation_groups_partner_id_last_at_idx" ON "alert_correlation_groups"("partner_id", "last_at" DESC);

-- CreateIndex
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "notifications_user_id_read_at_idx" ON "notifications"("user_id", "read_at");

-- CreateIndex
CREATE INDEX "monitors_partner_id_created_at_idx" ON "monitors"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "monitors_org_id_idx" ON "monitors"("org_id");

-- CreateIndex
CREATE INDEX "monitors_enabled_next_check_at_idx" ON "monitors"("enabled", "next_check_at");

-- CreateIndex
CREATE INDEX "monitor_results_monitor_id_checked_at_idx" ON "monitor_results"("monitor_id", "checked_at" DESC);

-- AddForeignKey
ALTER TABLE "alert_rule_states" ADD CONSTRAINT "alert_rule_states_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_correlation_group_id_fkey" FOREIGN KEY ("correlation_group_id") REFERENCES "alert_correlation_groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "monitor_results" ADD CONSTRAINT "monitor_results_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

