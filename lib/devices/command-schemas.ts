// The command catalogue: what a user may send to a device and what the agent receives.
import { z } from 'zod';
import { zText, zRawText } from '@/lib/http/storable-text';

// cancel_command is queued by the server only (cancelling a running script execution): payload { commandId }.
// uninstall_software is queued by POST /software/inventory/:deviceId/:softwareId/uninstall only:
// payload { softwareId, name, version, source } (lib/software/schemas.ts).
// patch_scan, patch_install and patch_rollback are queued by patching (lib/patches/) only.
// software_install is queued by deployments only: payload { deploymentId?, deploymentDeviceId?,
// thirdPartyTestId?, package } where package is { kind: 'package_manager', manager, name, version }
// or { kind: 'installer', versionId, fileName, sha256, sizeBytes, downloadPath, silentArgs }; result
// { installedVersion, manager, alreadyInstalled }, or { unsupported: true, reason } when the agent cannot.
// policy_check is queued by policy evaluation only: payload and result in lib/policies/check-wire.ts.
// discovery_scan is queued by network discovery only: payload, batches and result in lib/discovery/scan-wire.ts.
// security_scan (payload { scanId, paths }) and threat_action (payload { threatId, action, path })
// are queued by lib/security/threats.ts only; their results are read there.
// snmp_poll is queued by SNMP polling for a device polled through a probe agent only: payload,
// plan and result in lib/snmp/snmp-poll-wire.ts, stored by lib/snmp/probe-polls.ts.
// snmp_test is queued by POST /snmp/devices/:id/test for such a device: the same plan (no OIDs,
// the identity only) and result, which is read back from the command row and stored nowhere else.
export const COMMAND_TYPES = ['refresh_inventory', 'run_script', 'reboot', 'shutdown', 'self_uninstall', 'cancel_command', 'uninstall_software', 'patch_scan', 'patch_install', 'patch_rollback', 'software_install', 'policy_check', 'discovery_scan', 'security_scan', 'threat_action', 'snmp_poll', 'snmp_test'] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];
export const COMMAND_STATUSES = ['pending', 'sent', 'completed', 'failed', 'timed_out', 'cancelled'] as const;
export const SCRIPT_INTERPRETERS = ['bash', 'sh', 'python', 'powershell', 'cmd'] as const;

/** Doc 3 limits: script content 256 KB, timeout default 300 s, hard cap 3,600 s. */
export const SCRIPT_MAX_BYTES = 256 * 1024;
export const SCRIPT_DEFAULT_TIMEOUT_SECONDS = 300;
export const SCRIPT_MAX_TIMEOUT_SECONDS = 3600;


export const ZRunScriptPayload = z
  .object({
    interpreter: z.enum(SCRIPT_INTERPRETERS).describe('bash, sh and python on Linux/macOS; powershell and cmd on Windows (powershell also where pwsh is installed)'),
    script: zRawText(SCRIPT_MAX_BYTES, 1).refine((s) => Buffer.byteLength(s, 'utf8') <= SCRIPT_MAX_BYTES, 'Script content is limited to 256 KB'),
    args: z.array(zRawText(1000)).max(50).default([]),
    timeoutSeconds: z.number().int().min(1).max(SCRIPT_MAX_TIMEOUT_SECONDS).default(SCRIPT_DEFAULT_TIMEOUT_SECONDS),
    env: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/), zRawText(4096))
      .refine((e) => Object.keys(e).length <= 50, 'At most 50 environment variables')
      .default({}),
  })
  .strict();

const ZPowerPayload = z
  .object({
    delaySeconds: z.number().int().min(0).max(3600).default(0),
    reason: zText(255).optional(),
  })
  .strict();

const ZEmpty = z.object({}).strict().default({});

export const ZCommandInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('refresh_inventory'), payload: ZEmpty }),
  z.object({ type: z.literal('run_script'), payload: ZRunScriptPayload }),
  z.object({ type: z.literal('reboot'), payload: ZPowerPayload.default({ delaySeconds: 0 }) }),
  z.object({ type: z.literal('shutdown'), payload: ZPowerPayload.default({ delaySeconds: 0 }) }),
  z.object({ type: z.literal('self_uninstall'), payload: ZEmpty }),
]);
export type CommandInput = z.output<typeof ZCommandInput>;

/**
 * The agent runs a policy's checks one after another: a script check may run, be remediated and
 * run again, each step up to its own timeout; other checks take seconds.
 */
function policyCheckTimeoutSeconds(payload: unknown): number {
  const checks = (payload as { checks?: unknown })?.checks;
  if (!Array.isArray(checks)) return 300;
  let total = 60;
  for (const c of checks as { kind?: unknown; check?: { timeoutSeconds?: unknown }; remediation?: { timeoutSeconds?: unknown } }[]) {
    if (c?.kind !== 'script') {
      total += 10;
      continue;
    }
    const step = (s: { timeoutSeconds?: unknown } | undefined) => (typeof s?.timeoutSeconds === 'number' ? s.timeoutSeconds : 60);
    total += c.remediation ? 2 * step(c.check) + step(c.remediation) : step(c.check);
  }
  return Math.max(300, total);
}

/** Timeout after which a sent command without a result is marked timed_out (plus a grace). */
export function commandTimeoutSeconds(type: string, payload: unknown): number {
  if (type === 'run_script') {
    const t = (payload as { timeoutSeconds?: unknown })?.timeoutSeconds;
    return typeof t === 'number' ? t : SCRIPT_DEFAULT_TIMEOUT_SECONDS;
  }
  if (type === 'reboot' || type === 'shutdown') {
    const d = (payload as { delaySeconds?: unknown })?.delaySeconds;
    return 60 + (typeof d === 'number' ? d : 0);
  }
  // A package refresh plus installs over a slow mirror.
  if (type === 'patch_scan' || type === 'patch_install' || type === 'patch_rollback' || type === 'software_install' || type === 'security_scan') return 3600;
  if (type === 'policy_check') return policyCheckTimeoutSeconds(payload);
  // A sweep of up to 4,096 addresses, each tried on every port and for SNMP.
  if (type === 'discovery_scan') return 3600;
  // One SNMP poll: a few requests, each up to 30 s with retries.
  if (type === 'snmp_poll') return 180;
  // Reads three scalars; the caller waits for it.
  if (type === 'snmp_test') return 60;
  return 300;
}

export const ZCommand = z.object({
  id: z.string().uuid(),
  deviceId: z.string().uuid(),
  orgId: z.string().uuid(),
  type: z.enum(COMMAND_TYPES),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(COMMAND_STATUSES),
  source: z.string().describe('user, bulk, offboarding or system'),
  createdById: z.string().uuid().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  exitCode: z.number().int().nullable(),
  stdout: z.string().nullable(),
  stderr: z.string().nullable(),
  truncated: z.boolean().describe('True when stdout or stderr was cut to COMMAND_OUTPUT_MAX_BYTES'),
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type TCommand = z.infer<typeof ZCommand>;

export const ZBulkCommandInput = z.intersection(
  z.object({ deviceIds: z.array(z.string().uuid()).min(1).max(1000).describe('Up to 1,000 devices') }),
  ZCommandInput,
);

export const ZBulkCommandResponse = z.object({
  commands: z.array(ZCommand).describe('Queued commands, one per device'),
  skipped: z.array(z.object({ deviceId: z.string().uuid(), reason: z.enum(['ALREADY_PENDING', 'DEVICE_INACTIVE']) })).describe('Devices that did not get the command, and why'),
  failed: z.array(z.object({ deviceId: z.string().uuid(), code: z.string(), message: z.string() })).describe('Devices that could not be addressed (missing or outside your scope: NOT_FOUND)'),
});

export const ZListCommandsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: z.enum(COMMAND_STATUSES).optional(),
  type: z.enum(COMMAND_TYPES).optional(),
});
