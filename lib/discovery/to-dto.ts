import type { DiscoveryAsset, DiscoveryJob, DiscoveryProfile } from '@/lib/generated/prisma/client';
import { decryptSecret } from '@/lib/auth/secrets';
import { parseCidr, scanAddressCount } from '@/lib/discovery/cidr';
import { ZScanOptions, type MonitoringSettings } from '@/lib/discovery/schemas';
import { ZSnmpCredential, type SnmpCredential } from '@/lib/discovery/scan-wire';

export function profileAddressCount(subnets: readonly string[]): number {
  return subnets.reduce((n, s) => n + (parseCidr(s) ? scanAddressCount(parseCidr(s)!) : 0), 0);
}

export function unsealCredentials(sealed: string | null): SnmpCredential[] {
  if (!sealed) return [];
  return ZSnmpCredential.array().parse(JSON.parse(decryptSecret(sealed)));
}

export function profileOptions(p: Pick<DiscoveryProfile, 'options'>) {
  return ZScanOptions.parse(p.options ?? {});
}

export function toProfileDto(p: DiscoveryProfile) {
  return {
    id: p.id,
    orgId: p.orgId,
    name: p.name,
    description: p.description,
    subnets: p.subnets,
    addressCount: profileAddressCount(p.subnets),
    ports: p.ports,
    snmpCredentials: unsealCredentials(p.snmpCredentialsSealed).map((c) => (c.version === 'v3' ? { version: c.version, username: c.username } : { version: c.version })),
    snmpPort: p.snmpPort,
    options: profileOptions(p),
    scheduleIntervalMinutes: p.scheduleIntervalMinutes,
    nextRunAt: p.nextRunAt?.toISOString() ?? null,
    probeDeviceId: p.probeDeviceId,
    enabled: p.enabled,
    lastScanAt: p.lastScanAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toJobDto(j: DiscoveryJob) {
  const progress = j.status === 'completed' ? 100 : j.targetsTotal > 0 ? Math.min(100, Math.floor((j.targetsScanned * 100) / j.targetsTotal)) : 0;
  return {
    id: j.id,
    orgId: j.orgId,
    profileId: j.profileId,
    probeDeviceId: j.probeDeviceId,
    commandId: j.commandId,
    status: j.status as 'queued',
    trigger: j.trigger as 'manual' | 'schedule',
    subnets: j.subnets,
    ports: j.ports,
    targetsTotal: j.targetsTotal,
    targetsScanned: j.targetsScanned,
    progress,
    hostsFound: j.hostsFound,
    newAssets: j.newAssets,
    rejectedHosts: j.rejectedHosts,
    gateway: j.gateway,
    error: j.error,
    createdAt: j.createdAt.toISOString(),
    startedAt: j.startedAt?.toISOString() ?? null,
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}

export function assetStatus(a: Pick<DiscoveryAsset, 'ignoredAt' | 'monitoringEnabled' | 'linkedDeviceId'>) {
  if (a.ignoredAt) return 'ignored' as const;
  if (a.monitoringEnabled) return 'monitored' as const;
  if (a.linkedDeviceId) return 'linked' as const;
  return 'discovered' as const;
}

export function toAssetDto(a: DiscoveryAsset) {
  const snmp = (a.snmp ?? null) as { sysDescr: string; sysObjectId: string; sysName?: string; version: string; credentialIndex: number } | null;
  return {
    id: a.id,
    orgId: a.orgId,
    profileId: a.profileId,
    status: assetStatus(a),
    mac: a.mac,
    ip: a.ip,
    hostname: a.hostname,
    vendor: a.vendor,
    openPorts: a.openPorts,
    snmp,
    snmpCapable: snmp !== null,
    isGateway: a.isGateway,
    neighbors: (a.neighbors ?? []) as { port: number; mac?: string; sysName?: string; remotePort?: string; source: 'bridge' | 'lldp' }[],
    linkedDeviceId: a.linkedDeviceId,
    ignored: a.ignoredAt !== null,
    monitoringEnabled: a.monitoringEnabled,
    firstSeenAt: a.firstSeenAt.toISOString(),
    lastSeenAt: a.lastSeenAt.toISOString(),
  };
}

export type { MonitoringSettings };
