-- CreateTable
CREATE TABLE "device_policy_settings" (
    "device_id" UUID NOT NULL,
    "heartbeat_interval_seconds" INTEGER,
    "inventory_interval_minutes" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_policy_settings_pkey" PRIMARY KEY ("device_id")
);

-- AddForeignKey
ALTER TABLE "device_policy_settings" ADD CONSTRAINT "device_policy_settings_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

