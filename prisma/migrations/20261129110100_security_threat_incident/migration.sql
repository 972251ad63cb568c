-- The incident tracking a threat (promoted from it, or an existing incident it was linked to)
ALTER TABLE "security_threats" ADD COLUMN "incident_id" UUID;

-- CreateIndex
CREATE INDEX "security_threats_incident_id_idx" ON "security_threats"("incident_id");

-- AddForeignKey
ALTER TABLE "security_threats" ADD CONSTRAINT "security_threats_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "incidents"("id") ON DELETE SET NULL ON UPDATE CASCADE;
