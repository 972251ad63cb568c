-- An SNMP device on a network the server cannot reach names the enrolled device (probe) whose
-- agent polls it. Null: the worker polls it from the server. No foreign key, like the discovery
-- probes: a probe that is gone makes the polls fail (device down) instead of moving them.
ALTER TABLE "snmp_devices" ADD COLUMN "probe_device_id" UUID;

CREATE INDEX "snmp_devices_probe_device_id_idx" ON "snmp_devices"("probe_device_id");
