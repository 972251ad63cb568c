-- CreateEnum
CREATE TYPE "PatchRebootBehavior" AS ENUM ('never', 'if_required', 'always');

-- CreateTable
CREATE TABLE "patch_policies" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "target_org_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "target_site_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "target_group_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "target_device_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "sources" "PatchSource"[],
    "auto_approve" JSONB NOT NULL,
    "reboot_behavior" "PatchRebootBehavior" NOT NULL DEFAULT 'if_required',
    "maintenance_window_id" UUID,
    "last_applied_at" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "patch_policies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "patch_policies_partner_id_created_at_idx" ON "patch_policies"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "patch_policies_org_id_idx" ON "patch_policies"("org_id");

-- CreateIndex
CREATE INDEX "patch_policies_enabled_idx" ON "patch_policies"("enabled");

-- CreateIndex
CREATE INDEX "patch_policies_maintenance_window_id_idx" ON "patch_policies"("maintenance_window_id");

-- AddForeignKey
ALTER TABLE "patch_policies" ADD CONSTRAINT "patch_policies_maintenance_window_id_fkey" FOREIGN KEY ("maintenance_window_id") REFERENCES "maintenance_windows"("id") ON DELETE SET NULL ON UPDATE CASCADE;

