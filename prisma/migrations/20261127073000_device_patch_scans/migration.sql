-- The last patch scan per device (see lib/patches/store-patch-report.ts): an unchanged scan is
-- answered from it without writing.
CREATE TABLE "device_patch_scans" (
    "device_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "digest" VARCHAR(64) NOT NULL,
    "rows" INTEGER NOT NULL,
    "changed_at" TIMESTAMPTZ(3),
    "reported_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_patch_scans_pkey" PRIMARY KEY ("device_id")
);
