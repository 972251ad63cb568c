-- The source package of each installed binary package (dpkg source:Package and source:Version, apk origin), kept only when it differs from the binary's own name or version: distribution advisories are matched on it
ALTER TABLE "device_software" ADD COLUMN "source_name" VARCHAR(500),
ADD COLUMN "source_version" VARCHAR(200);

-- CreateIndex
CREATE INDEX "device_software_source_name_device_id_idx" ON "device_software"("source_name", "device_id");
