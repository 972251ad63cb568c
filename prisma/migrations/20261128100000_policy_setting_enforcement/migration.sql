-- The effective alert rules, patch policy and maintenance window of a device, written by policy
-- evaluation so alerting, patching and maintenance read them with one key probe per device.
ALTER TABLE "device_policy_settings" ADD COLUMN "alert_rule_ids" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[];
ALTER TABLE "device_policy_settings" ADD COLUMN "patch_policy_id" UUID;
ALTER TABLE "device_policy_settings" ADD COLUMN "maintenance_window_id" UUID;

CREATE INDEX "device_policy_settings_patch_policy_id_idx" ON "device_policy_settings"("patch_policy_id");
CREATE INDEX "device_policy_settings_maintenance_window_id_idx" ON "device_policy_settings"("maintenance_window_id");
CREATE INDEX "device_policy_settings_alert_rule_ids_idx" ON "device_policy_settings" USING GIN ("alert_rule_ids");
