// The agent protocol (doc 1 "Enrollment keys and agents", doc 3 "Agent enrollment"). Parts the
// spec does not show are designed here and documented through these schemas in OpenAPI.
import { z } from 'zod';
import { zJsonObject, ZTimestamp } from '@/lib/http/common-schemas';
import { COMMAND_TYPES } from '@/lib/devices/command-schemas';
import { tolerant } from '@/lib/agents/tolerant';
import { ZReleaseVersion } from '@/lib/agent-releases/release-versions';

export const OS_TYPES = ['windows', 'macos', 'linux'] as const;

const text = (max: number) => z.string().trim().max(max);
const percent = z.number().min(0).max(100);
const bytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const ZHardwareSummary = z
  .object({
    manufacturer: text(255),
    model: text(255),
    serialNumber: text(255),
    cpuModel: text(255),
    cpuCores: z.number().int().min(1).max(4096),
    memoryBytes: bytes,
    diskTotalBytes: bytes,
  })
  .partial()
  .describe('Hardware summary; every field optional');

export const ZEnrollBody = z.object({
  enrollmentKey: z.string().trim().min(1).max(200).describe('Raw enrollment key (ek_…)'),
  enrollmentSecret: z
    .string()
    .max(500)
    .optional()
    .describe('Required when the server sets AGENT_ENROLLMENT_SECRET or the key was minted with issueEnrollmentSecret (then the per-key secret)'),
  hostname: text(255).min(1),
  osType: z.enum(OS_TYPES),
  osVersion: text(255).min(1),
  architecture: text(64).min(1).describe('e.g. amd64, arm64'),
  agentVersion: text(64).min(1),
  machineId: text(128).min(8).optional().describe('Stable machine identity (e.g. a hash of /etc/machine-id): a machine that enrolls again reuses its device row'),
  hardware: ZHardwareSummary.optional(),
});

export const ZEnrollResponse = z.object({
  agentId: z.string().uuid(),
  deviceId: z.string().uuid(),
  authToken: z.string().describe('Bearer token for every agent call; shown once, stored hashed'),
  orgId: z.string().uuid(),
  siteId: z.string().uuid().nullable(),
  heartbeatIntervalSeconds: z.number().int(),
  releaseSigningKey: z.string().describe('The server’s Ed25519 agent release key (SPKI DER, base64): the agent keeps it and accepts only self-updates signed with it (also GET /agent-versions/signing-key)'),
});

export const ZHeartbeatMetrics = z
  .object({
    cpuPercent: tolerant(percent),
    memoryPercent: tolerant(percent),
    diskPercent: tolerant(percent).describe('Fullest fixed filesystem'),
    memoryUsedBytes: tolerant(bytes),
    memoryTotalBytes: tolerant(bytes),
    diskUsedBytes: tolerant(bytes),
    diskTotalBytes: tolerant(bytes),
    load1: tolerant(z.number().min(0).max(1e6)),
    load5: tolerant(z.number().min(0).max(1e6)),
    load15: tolerant(z.number().min(0).max(1e6)),
    processCount: tolerant(z.number().int().min(0).max(10_000_000)),
    networkRxBytes: tolerant(bytes),
    networkTxBytes: tolerant(bytes),
  })
  .describe('Every metric is optional; an invalid one is dropped and listed in droppedFields');

export const ZHeartbeatBody = z
  .object({
    role: tolerant(z.enum(['agent', 'watchdog'])).describe(
      'agent (default) or watchdog: a watchdog beat keeps watchdogStatus current and sets mainAgentSilentSince when the main agent has gone silent; it claims no commands',
    ),
    watchdogStatus: tolerant(z.enum(['connected', 'failover'])).describe('Watchdog beats only'),
    agentVersion: tolerant(text(64).min(1)),
    hostname: tolerant(text(255).min(1)),
    osVersion: tolerant(text(255).min(1)),
    uptimeSeconds: tolerant(bytes),
    loggedInUser: tolerant(text(255)).describe('Interactive user signed in on the console, if any'),
    metrics: tolerant(ZHeartbeatMetrics),
  })
  .describe('Tolerant: unknown fields are ignored and an invalid optional field is dropped (listed in droppedFields), never a rejected beat');

export const ZAgentCommand = z.object({
  id: z.string().uuid(),
  type: z.enum(COMMAND_TYPES),
  payload: z.record(z.string(), z.unknown()),
  createdAt: ZTimestamp,
});

export const ZAgentUpdateOffer = z
  .object({
    version: z.string(),
    os: z.enum(OS_TYPES),
    arch: z.string(),
    url: z.string().describe('Download URL of the artifact'),
    sha256: z.string().describe('SHA-256 of the artifact, hex'),
    signature: z.string().describe('Ed25519 signature (base64) of `rmm-agent-release:v1:<version>:<os>:<arch>:<sha256>` by the release key'),
    format: z.enum(['bundle', 'binary']).describe('bundle: a JavaScript file run by Node.js; binary: a single executable'),
  })
  .meta({ id: 'AgentUpdateOffer' });

export const AGENT_UPDATE_STATES = ['downloading', 'trial', 'updated', 'failed', 'rolled_back'] as const;

export const ZAgentUpdateStatusBody = z.object({
  state: z.enum(AGENT_UPDATE_STATES).describe('downloading → trial → updated; failed: refused (digest or signature) or not started; rolled_back: the new version did not confirm a heartbeat in time'),
  version: ZReleaseVersion.describe('The release the state is about'),
  error: z.string().max(1000).optional(),
});

export const ZHeartbeatResponse = z.object({
  heartbeatIntervalSeconds: z.number().int(),
  inventoryIntervalMinutes: z.number().int().describe('How often the agent sends a full inventory (PUT /agents/:id/inventory): the effective policy’s inventoryIntervalMinutes, else daily (1440)'),
  mode: z.enum(['normal', 'offboarding']).describe('offboarding: only a queued self_uninstall is delivered; other agent calls are refused'),
  commands: z.array(ZAgentCommand).describe('Commands claimed by this beat (pending → sent, exactly once)'),
  droppedFields: z.array(z.string()),
  serverTime: z.string(),
  update: ZAgentUpdateOffer.optional().describe('Present when the promoted agent release is newer than the reported agentVersion and this device is inside its rollout (docs/AGENT-UPDATES.md)'),
});

export const RESULT_STATUSES = ['completed', 'failed', 'timed_out', 'cancelled'] as const;

export const ZCommandResultBody = z.object({
  status: z.enum(RESULT_STATUSES).describe('completed: ran and exited 0; failed: error or non-zero exit; timed_out: killed at its timeout; cancelled: killed on a cancel_command'),
  exitCode: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
  stdout: z.string().max(16_000_000).optional().describe('Stored up to COMMAND_OUTPUT_MAX_BYTES (default 256 KiB) of UTF-8; longer output is truncated and flagged'),
  stderr: z.string().max(16_000_000).optional().describe('Same cap as stdout'),
  result: zJsonObject(256 * 1024).optional().describe('Structured result (e.g. durationMs, startedAt)'),
});

export const ZCommandResultResponse = z.object({
  id: z.string().uuid(),
  status: z.enum(RESULT_STATUSES),
  truncated: z.boolean(),
});

const ZSoftware = z.object({
  name: text(500).min(1),
  version: text(200).optional(),
  publisher: text(500).optional(),
  source: text(32).optional().describe('dpkg, rpm, msi, pkg, brew …'),
  installedAt: z.string().datetime({ offset: true }).optional(),
  sourceName: text(500).optional().describe('The source package it was built from, when not its own name (dpkg source:Package, apk origin, rpm SOURCERPM); advisories are matched on it'),
  sourceVersion: text(200).optional().describe('The source package version, when not its own (a binNMU such as 5.2.15-2+b8 of 5.2.15-2)'),
});

// Management posture: other management products the agent found on the machine.
export const ZManagementPostureReport = z
  .object({
    scannedAt: z.string().datetime({ offset: true }).optional().describe('When the agent scanned; default: now'),
    products: z
      .array(
        z.object({
          product: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/).describe('Catalogue slug, e.g. teamviewer, connectwise-automate'),
          status: z.enum(['active', 'installed']).describe('active: a service of it runs; installed: present but not running'),
          version: text(200).optional(),
          evidence: z.array(z.object({ kind: z.enum(['package', 'service', 'file']), value: text(1000) })).max(20).default([]),
        }),
      )
      .max(100)
      .describe('Every product found (an empty list: none found); replaces the previous scan'),
  })
  .describe('Management-posture scan; omit it and the stored posture stays as it was');

export const ZInventoryBody = z.object({
  collectedAt: z.string().datetime({ offset: true }).optional().describe('When the agent collected it; default: now'),
  hardware: zJsonObject().default({}).describe('CPU, memory, BIOS/board, serial …'),
  os: zJsonObject().default({}).describe('name, version, kernel, build …'),
  disks: z
    .array(z.object({ mount: text(1000), device: text(1000).optional(), fsType: text(64).optional(), totalBytes: bytes.optional(), usedBytes: bytes.optional() }))
    .max(500)
    .default([]),
  network: z
    .array(z.object({ name: text(255), mac: text(64).optional(), ipv4: z.array(text(64)).max(100).default([]), ipv6: z.array(text(128)).max(100).default([]) }))
    .max(500)
    .default([]),
  software: z.array(ZSoftware).max(20_000).default([]).describe('Installed packages (replaces the previous list)'),
  managementPosture: ZManagementPostureReport.optional(),
});

export const ZInventoryResponse = z.object({ deviceId: z.string().uuid(), software: z.number().int(), receivedAt: ZTimestamp });

export const ZAgentParams = z.object({ agentId: z.string().uuid() });
export const ZAgentCommandParams = z.object({ agentId: z.string().uuid(), commandId: z.string().uuid() });
