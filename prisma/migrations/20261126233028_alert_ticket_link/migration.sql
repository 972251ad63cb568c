-- AlterTable
ALTER TABLE "tickets" ADD COLUMN     "alert_id" UUID;

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "alerts"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- One live ticket per alert: a second "create ticket" answers the existing one (a deleted ticket
-- frees the alert for a new one). Also the index the alert → ticket lookup walks.
CREATE UNIQUE INDEX "tickets_alert_id_live_key" ON "tickets" ("alert_id") WHERE "alert_id" IS NOT NULL AND "deleted_at" IS NULL;
