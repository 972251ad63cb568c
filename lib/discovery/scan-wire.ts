// The discovery_scan device command: what a probe agent is asked to sweep, the batches it
// streams back while it scans (POST /agents/:agentId/discovery/jobs/:jobId/results) and the
// final command result. SNMP credentials never travel in the command: the agent fetches them
// for the running job (GET /agents/:agentId/discovery/jobs/:jobId/credentials).
import { z } from 'zod';

const ZIpv4 = z.string().regex(/^\d{1,3}(\.\d{1,3}){3}$/);

export const ZScanPayload = z.object({
  jobId: z.string().uuid(),
  /** IPv4 CIDRs; the agent never probes an address outside them. */
  subnets: z.array(z.string().max(18)).min(1).max(64),
  ports: z.array(z.number().int().min(1).max(65_535)).max(100),
  /** Addresses of ignored assets: not probed again. */
  exclude: z.array(ZIpv4).max(4096).default([]),
  snmp: z.object({ port: z.number().int().min(1).max(65_535), credentials: z.number().int().min(0).max(10) }),
  timeoutMs: z.number().int().min(100).max(10_000),
  concurrency: z.number().int().min(1).max(256),
  resolveDns: z.boolean(),
  mdns: z.boolean(),
});
export type ScanPayload = z.infer<typeof ZScanPayload>;

export const ZSnmpCredential = z.discriminatedUnion('version', [
  z.object({ version: z.literal('v2c'), community: z.string().min(1).max(255) }).strict(),
  z
    .object({
      version: z.literal('v3'),
      username: z.string().min(1).max(255),
      authProtocol: z.enum(['md5', 'sha', 'sha256', 'sha512']).default('sha'),
      authKey: z.string().min(8).max(255),
      privProtocol: z.enum(['des', 'aes', 'aes256b', 'aes256r']).default('aes'),
      privKey: z.string().min(8).max(255),
    })
    .strict(),
]);
export type SnmpCredential = z.infer<typeof ZSnmpCredential>;

export const ZNeighbor = z.object({
  /** The switch's bridge port or LLDP local port number. */
  port: z.number().int().min(0).max(1_000_000),
  mac: z.string().max(17).optional(),
  sysName: z.string().max(255).optional(),
  remotePort: z.string().max(255).optional(),
  source: z.enum(['bridge', 'lldp']),
});

export const ZScannedHost = z.object({
  ip: ZIpv4,
  mac: z.string().max(17).optional(),
  hostname: z.string().max(253).optional(),
  openPorts: z.array(z.number().int().min(1).max(65_535)).max(100).default([]),
  snmp: z
    .object({
      sysDescr: z.string().max(2000),
      sysObjectId: z.string().max(255),
      sysName: z.string().max(255).optional(),
      version: z.enum(['v2c', 'v3']),
      credentialIndex: z.number().int().min(0).max(10),
    })
    .optional(),
  neighbors: z.array(ZNeighbor).max(2000).default([]),
  /** How the host was seen: arp (neighbour table), tcp (a port answered), snmp, mdns. */
  seenBy: z.array(z.enum(['arp', 'tcp', 'snmp', 'mdns', 'dns'])).max(5).default([]),
});
export type ScannedHost = z.infer<typeof ZScannedHost>;

export const ZScanBatch = z.object({
  /** Addresses probed so far (cumulative) and the total the agent will probe. */
  scanned: z.number().int().min(0).max(1_000_000),
  total: z.number().int().min(0).max(1_000_000),
  /** The probe's default gateway, when it has one. */
  gateway: ZIpv4.optional(),
  hosts: z.array(ZScannedHost).max(500),
});
export type ScanBatch = z.infer<typeof ZScanBatch>;

export const ZScanBatchResponse = z.object({
  accepted: z.number().int(),
  rejected: z.array(z.string()).describe('Addresses outside the job’s subnets: dropped'),
  status: z.string().describe('The job status after the batch'),
});

export const ZScanCredentialsResponse = z.object({ credentials: z.array(ZSnmpCredential) });

/** The `result` of a completed discovery_scan command. */
export const ZScanResult = z.object({ scanned: z.number().int(), total: z.number().int(), hostsFound: z.number().int(), cancelled: z.boolean().optional() });
