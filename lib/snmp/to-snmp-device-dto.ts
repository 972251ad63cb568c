// The API shape of an SNMP device: the credentials are described, never returned.
import type { SnmpDevice } from '@/lib/generated/prisma/client';
import { ZTemplateOid, type TSnmpDevice } from '@/lib/snmp/schemas';
import { describeSnmpCredentials, openSnmpCredentials } from '@/lib/snmp/snmp-credentials';
import { CredentialUnreadableError } from '@/lib/security/credential-box';

function credentialSummary(device: SnmpDevice): TSnmpDevice['credentials'] {
  try {
    return describeSnmpCredentials(openSnmpCredentials(device.id, device.credentials));
  } catch (error) {
    if (error instanceof CredentialUnreadableError) return {};
    throw error;
  }
}

export function toSnmpDeviceDto(d: SnmpDevice): TSnmpDevice {
  return {
    id: d.id,
    orgId: d.orgId,
    siteId: d.siteId,
    name: d.name,
    host: d.host,
    port: d.port,
    version: d.version === 'v3' ? 'v3' : 'v2c',
    credentials: credentialSummary(d),
    templateId: d.templateId,
    extraOids: ZTemplateOid.array().catch([]).parse(d.extraOids),
    pollIntervalSeconds: d.pollIntervalSeconds,
    timeoutMs: d.timeoutMs,
    retries: d.retries,
    enabled: d.enabled,
    status: d.status === 'up' || d.status === 'down' ? d.status : 'unknown',
    consecutiveFailures: d.consecutiveFailures,
    lastPolledAt: d.lastPolledAt?.toISOString() ?? null,
    lastPollMs: d.lastPollMs,
    lastError: d.lastError,
    nextPollAt: d.nextPollAt.toISOString(),
    sysDescr: d.sysDescr,
    sysObjectId: d.sysObjectId,
    sysName: d.sysName,
    discoveryAssetId: d.discoveryAssetId,
    probeDeviceId: d.probeDeviceId,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}
