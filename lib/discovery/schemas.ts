// Network discovery (doc 1 "Network discovery and SNMP"). The spec names the endpoints; bodies,
// job states and asset shapes are designed here and published in OpenAPI through these schemas.
//
// Job states (field `status`):
//   queued     the scan command waits for the probe agent's next heartbeat
//   running    the agent claimed it and streams batches (progress = targetsScanned / targetsTotal)
//   completed  the agent swept every address and reported its final result
//   failed     the agent reported a failure, or the probe device was decommissioned
//   cancelled  POST /discovery/jobs/:id/cancel (a queued scan never starts; a running one is
//              stopped on the agent, and batches arriving later are refused)
//   timed_out  no final result within the command timeout (the agent went away)
// Only queued and running are active; the others are final and never change again.
import { z } from 'zod';
import { ZTimestamp, ZPageOf } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { SEVERITIES } from '@/lib/alerts/schemas';
import { ZNeighbor, ZSnmpCredential } from '@/lib/discovery/scan-wire';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled', 'timed_out'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ACTIVE_JOB_STATUSES: JobStatus[] = ['queued', 'running'];
export const ASSET_STATUSES = ['discovered', 'linked', 'monitored', 'ignored'] as const;

/** Addresses one profile may sweep across all its subnets (a /20, or sixteen /24s). */
export const MAX_PROFILE_ADDRESSES = 4096;
export const DEFAULT_PORTS = [22, 23, 80, 443, 445, 161, 3389, 8080, 9100];

const ZCidrText = z.string().trim().min(7).max(18).describe('IPv4 CIDR such as 192.168.1.0/24 (a bare address is a /32)');
const ZPort = z.number().int().min(1).max(65_535);

export const ZScanOptions = z
  .object({
    timeoutMs: z.number().int().min(100).max(10_000).default(800).describe('Per connection attempt and SNMP request'),
    concurrency: z.number().int().min(1).max(256).default(64).describe('Addresses probed at once'),
    resolveDns: z.boolean().default(true).describe('Reverse DNS (PTR) lookups of found hosts'),
    mdns: z.boolean().default(true).describe('Unicast mDNS name queries to found hosts (port 5353)'),
  })
  .strict();

const profileFields = {
  name: zText(255, 1),
  description: zText(2000).nullable(),
  subnets: z.array(ZCidrText).min(1).max(64).describe(`IPv4 CIDRs; together at most ${MAX_PROFILE_ADDRESSES} addresses (400 SUBNET_TOO_LARGE)`),
  ports: z.array(ZPort).max(100).describe('TCP ports tried on every address (connect only)'),
  snmpCredentials: z.array(ZSnmpCredential).max(10).describe('Tried in order until one answers; stored encrypted, never returned'),
  snmpPort: ZPort,
  options: ZScanOptions,
  scheduleIntervalMinutes: z.number().int().min(15).max(43_200).nullable().describe('Scan every N minutes; null for manual scans only'),
  probeDeviceId: z.string().uuid().describe('The enrolled device whose agent scans; the profile belongs to its organization'),
  enabled: z.boolean().describe('A disabled profile is not scheduled and cannot be scanned'),
};

export const ZCreateProfile = z
  .object({
    ...profileFields,
    description: profileFields.description.optional(),
    ports: profileFields.ports.default(DEFAULT_PORTS),
    snmpCredentials: profileFields.snmpCredentials.default([]),
    snmpPort: profileFields.snmpPort.default(161),
    options: ZScanOptions.default({ timeoutMs: 800, concurrency: 64, resolveDns: true, mdns: true }),
    scheduleIntervalMinutes: profileFields.scheduleIntervalMinutes.default(null),
    enabled: profileFields.enabled.default(true),
  })
  .strict();

export const ZUpdateProfile = z
  .object({ ...profileFields, options: ZScanOptions.partial().strict() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const ZProfile = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    name: z.string(),
    description: z.string().nullable(),
    subnets: z.array(z.string()),
    addressCount: z.number().int().describe('Addresses a scan of this profile probes'),
    ports: z.array(z.number().int()),
    snmpCredentials: z
      .array(z.object({ version: z.enum(['v2c', 'v3']), username: z.string().optional() }))
      .describe('Which credentials are set (secrets are never returned)'),
    snmpPort: z.number().int(),
    options: z.object({ timeoutMs: z.number().int(), concurrency: z.number().int(), resolveDns: z.boolean(), mdns: z.boolean() }),
    scheduleIntervalMinutes: z.number().int().nullable(),
    nextRunAt: ZTimestamp.nullable(),
    probeDeviceId: z.string().uuid(),
    enabled: z.boolean(),
    lastScanAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'DiscoveryProfile' });

export const ZListProfilesQuery = pageQuery(50, 100).extend({ orgId: z.string().uuid().optional() });
export const ZProfilePage = ZPageOf(ZProfile);

export const ZScanInput = z.object({ profileId: z.string().uuid() }).strict();

export const ZJob = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    profileId: z.string().uuid().nullable(),
    probeDeviceId: z.string().uuid(),
    commandId: z.string().uuid().nullable(),
    status: z.enum(JOB_STATUSES).describe('queued → running → completed | failed | cancelled | timed_out'),
    trigger: z.enum(['manual', 'schedule']),
    subnets: z.array(z.string()),
    ports: z.array(z.number().int()),
    targetsTotal: z.number().int(),
    targetsScanned: z.number().int(),
    progress: z.number().int().min(0).max(100).describe('Percent of addresses probed'),
    hostsFound: z.number().int(),
    newAssets: z.number().int(),
    rejectedHosts: z.number().int().describe('Reported addresses outside the job’s subnets, dropped'),
    gateway: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: ZTimestamp,
    startedAt: ZTimestamp.nullable(),
    finishedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'DiscoveryJob' });

export const ZListJobsQuery = pageQuery(50, 100).extend({
  orgId: z.string().uuid().optional(),
  profileId: z.string().uuid().optional(),
  status: z.enum(JOB_STATUSES).optional(),
});
export const ZJobPage = ZPageOf(ZJob);

export const ZMonitoringSettings = z
  .object({
    ports: z.array(ZPort).max(20).describe('One TCP monitor per port; default: the asset’s open ports (first 10)'),
    intervalSeconds: z.number().int().min(1).max(86_400).describe('At least MONITOR_MIN_INTERVAL_SECONDS'),
    severity: z.enum(SEVERITIES),
    snmp: z.boolean().describe('Also create an SNMP device when the asset answered SNMP'),
    snmpTemplateId: z
      .string()
      .uuid()
      .nullable()
      .describe('The template (OIDs) the SNMP device polls: a built-in one or the partner’s; default the built-in generic interfaces (IF-MIB) template; null for none (400 SNMP_TEMPLATE_NOT_FOUND for an unknown one)'),
  })
  .strict();
export type MonitoringSettings = z.output<typeof ZMonitoringSettings>;

export const ZEnableMonitoring = ZMonitoringSettings.partial().strict().default({});
export const ZPatchMonitoring = ZMonitoringSettings.extend({ enabled: z.boolean() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const ZAsset = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    profileId: z.string().uuid().nullable(),
    status: z.enum(ASSET_STATUSES).describe('ignored over linked/monitored over discovered'),
    mac: z.string().nullable(),
    ip: z.string(),
    hostname: z.string().nullable(),
    vendor: z.string().nullable().describe('From the MAC OUI (IEEE registry)'),
    openPorts: z.array(z.number().int()),
    snmp: z
      .object({ sysDescr: z.string(), sysObjectId: z.string(), sysName: z.string().optional(), version: z.string(), credentialIndex: z.number().int() })
      .nullable(),
    snmpCapable: z.boolean(),
    isGateway: z.boolean(),
    neighbors: z.array(ZNeighbor),
    linkedDeviceId: z.string().uuid().nullable(),
    ignored: z.boolean(),
    monitoringEnabled: z.boolean(),
    firstSeenAt: ZTimestamp,
    lastSeenAt: ZTimestamp,
  })
  .meta({ id: 'DiscoveryAsset' });

export const ZListAssetsQuery = pageQuery(50, 200).extend({
  orgId: z.string().uuid().optional(),
  profileId: z.string().uuid().optional(),
  status: z.enum(ASSET_STATUSES).optional().describe('Ignored assets are listed only with status=ignored'),
  search: z.string().trim().max(255).optional().describe('IP, MAC, hostname or vendor contains'),
});
export const ZAssetPage = ZPageOf(ZAsset);

export const ZLinkAsset = z.object({ deviceId: z.string().uuid().nullable().describe('null unlinks') }).strict();
export const ZIgnoreAsset = z.object({ ignored: z.boolean().default(true).describe('false shows the asset again') }).strict().default({ ignored: true });

export const ZAssetMonitoring = z
  .object({
    assetId: z.string().uuid(),
    enabled: z.boolean(),
    settings: ZMonitoringSettings,
    monitorIds: z.array(z.string().uuid()),
    snmpDeviceId: z.string().uuid().nullable(),
  })
  .meta({ id: 'DiscoveryAssetMonitoring' });

export const ZTopologyQuery = z.object({ orgId: z.string().uuid().optional(), profileId: z.string().uuid().optional() });
export const ZTopology = z.object({
  nodes: z.array(
    z.object({
      id: z.string().describe('subnet:<cidr>, asset:<uuid> or device:<uuid> for probes'),
      kind: z.enum(['subnet', 'gateway', 'asset', 'probe', 'switch']),
      label: z.string(),
      assetId: z.string().uuid().nullable(),
      ip: z.string().nullable(),
    }),
  ),
  edges: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      kind: z.enum(['member', 'gateway', 'neighbor', 'probe']),
      label: z.string().nullable().describe('Switch port for neighbour edges'),
    }),
  ),
});
