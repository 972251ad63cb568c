// Creates an SNMP device inside the caller's transaction. The owner (partner, organization,
// optional site) must already be authorized by the caller: the route resolves it from the
// request's scope, discovery from the asset it enables monitoring for. The target is checked
// against the URL-safety rules (unless a probe agent on the target's network polls it), the
// template must be built in or the partner's own, and the credentials are sealed to the new
// device's id before the row is written.
import { randomUUID } from 'node:crypto';
import type { DbOrTx, Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { badRequest } from '@/lib/http/errors';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { ZSnmpDeviceInput, type TSnmpDevice, type TSnmpDeviceInput } from '@/lib/snmp/schemas';
import { sealSnmpCredentials } from '@/lib/snmp/snmp-credentials';
import { assertSnmpTarget } from '@/lib/snmp/assert-snmp-target';
import { toSnmpDeviceDto } from '@/lib/snmp/to-snmp-device-dto';

export interface SnmpDeviceOwner {
  partnerId: string;
  orgId: string;
  siteId?: string | null;
  /** The user who asked for it (null for the system, e.g. a discovery job). */
  createdBy?: string | null;
}

/** A probe is an enrolled device of the SNMP device's organization whose agent takes commands. */
export async function assertProbeDevice(tx: DbOrTx, orgId: string, probeDeviceId: string): Promise<void> {
  const probe = await tx.device.findFirst({ where: { id: probeDeviceId, orgId }, select: { status: true } });
  if (!probe || !acceptsCommands(probe)) {
    throw badRequest('Unknown probe device', [{ path: 'probeDeviceId', message: 'No enrolled device with this id in the organization' }], 'PROBE_DEVICE_NOT_FOUND');
  }
}

export async function createSnmpDevice(tx: Tx, owner: SnmpDeviceOwner, rawInput: TSnmpDeviceInput): Promise<TSnmpDevice> {
  const input = ZSnmpDeviceInput.parse(rawInput);
  // A probe polls from inside the target's network: the server's target rules do not apply.
  if (input.probeDeviceId) await assertProbeDevice(tx, owner.orgId, input.probeDeviceId);
  else await assertSnmpTarget(input.host);
  if (input.templateId) {
    const template = await tx.snmpTemplate.findFirst({ where: { id: input.templateId, OR: [{ builtIn: true }, { partnerId: owner.partnerId }] }, select: { id: true } });
    if (!template) throw badRequest('Unknown SNMP template', [{ path: 'templateId', message: 'No such template' }], 'SNMP_TEMPLATE_NOT_FOUND');
  }
  const id = randomUUID();
  const device = await tx.snmpDevice.create({
    data: {
      id,
      partnerId: owner.partnerId,
      orgId: owner.orgId,
      siteId: owner.siteId ?? null,
      name: input.name,
      host: input.host,
      port: input.port,
      version: input.credentials.version,
      credentials: sealSnmpCredentials(id, input.credentials),
      templateId: input.templateId,
      extraOids: input.extraOids as Prisma.InputJsonValue,
      pollIntervalSeconds: input.pollIntervalSeconds,
      timeoutMs: input.timeoutMs,
      retries: input.retries,
      enabled: input.enabled,
      discoveryAssetId: input.discoveryAssetId,
      probeDeviceId: input.probeDeviceId,
      createdBy: owner.createdBy ?? null,
    },
  });
  return toSnmpDeviceDto(device);
}
