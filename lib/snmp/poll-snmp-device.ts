// Polls one SNMP device now: the target check (URL-safety rules, the address pinned), its
// credentials opened, its template and extra OIDs read, then stored by recordSnmpPoll.
import { db } from '@/lib/db';
import type { SnmpDevice } from '@/lib/generated/prisma/client';
import { checkMonitorHost } from '@/lib/monitors/monitor-target';
import { CredentialUnreadableError } from '@/lib/security/credential-box';
import { collectSnmpValues, type Collected, type CollectTarget } from '@/lib/snmp/collect-snmp-values';
import { deviceOidPlan } from '@/lib/snmp/device-oid-plan';
import { openSnmpCredentials } from '@/lib/snmp/snmp-credentials';
import { recordSnmpPoll } from '@/lib/snmp/record-snmp-poll';
import type { TSnmpCredentials } from '@/lib/snmp/schemas';

/** The checked, pinned target of a device, or why it may not be polled. */
export async function resolveSnmpTarget(device: SnmpDevice, credentials?: TSnmpCredentials): Promise<{ ok: true; target: CollectTarget } | { ok: false; error: string }> {
  const check = await checkMonitorHost(device.host);
  if (!check.ok) return { ok: false, error: check.reason };
  let creds = credentials;
  try {
    creds ??= openSnmpCredentials(device.id, device.credentials);
  } catch (error) {
    if (error instanceof CredentialUnreadableError) return { ok: false, error: error.message };
    throw error;
  }
  return { ok: true, target: { address: check.pinned.address, port: device.port, credentials: creds, timeoutMs: device.timeoutMs, retries: device.retries } };
}

/** `writeSlot` queues the database write (the sweep has more polls in flight than connections). */
export async function pollSnmpDevice(device: SnmpDevice, writeSlot: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn()) {
  const template = device.templateId ? await db.snmpTemplate.findUnique({ where: { id: device.templateId }, select: { oids: true } }) : null;
  const resolved = await resolveSnmpTarget(device);
  const collected: Collected = resolved.ok ? await collectSnmpValues(resolved.target, deviceOidPlan(device, template), device.sysDescr === null) : { ok: false, error: resolved.error, durationMs: 0 };
  return { collected, ...(await writeSlot(() => recordSnmpPoll(device, collected))) };
}
