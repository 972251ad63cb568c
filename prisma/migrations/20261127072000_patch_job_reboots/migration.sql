-- Patch jobs created by policies, pinned to a maintenance window, and their reboot handling
ALTER TABLE "patch_jobs" ADD COLUMN "policy_id" UUID,
ADD COLUMN "maintenance_window_id" UUID,
ADD COLUMN "reboot_behavior" "PatchRebootBehavior",
ADD COLUMN "reboot_deferred" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "reboot_required" BOOLEAN,
ADD COLUMN "reboot_scheduled" BOOLEAN;

CREATE INDEX "patch_jobs_policy_id_idx" ON "patch_jobs"("policy_id");

-- Windows that hold reboots after patch installs
ALTER TABLE "maintenance_windows" ADD COLUMN "suppress_reboots" BOOLEAN NOT NULL DEFAULT false;
