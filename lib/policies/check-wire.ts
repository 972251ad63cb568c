// The policy_check device command: the checks a policy asks an agent to run on the device, and
// the per-check answers the agent reports in the command result. Checks that the server decides
// from data it already holds (installed software from inventory, security posture) never travel.
import { z } from 'zod';

export const AGENT_CHECK_KINDS = ['service_running', 'process_running', 'file_exists', 'file_content', 'script'] as const;
export type AgentCheckKind = (typeof AGENT_CHECK_KINDS)[number];

const ZScriptStep = z.object({
  interpreter: z.enum(['bash', 'sh', 'python', 'powershell', 'cmd']),
  script: z.string().min(1).max(256 * 1024),
  timeoutSeconds: z.number().int().min(1).max(600).default(60),
});

export const ZAgentCheck = z.discriminatedUnion('kind', [
  /** A systemd unit (Linux with systemd), launchd job or Windows service that must be active. */
  z.object({ id: z.string().min(1).max(100), kind: z.literal('service_running'), name: z.string().min(1).max(255) }),
  /** A process whose executable name (comm / image name) must be running. */
  z.object({ id: z.string().min(1).max(100), kind: z.literal('process_running'), name: z.string().min(1).max(255) }),
  z.object({ id: z.string().min(1).max(100), kind: z.literal('file_exists'), path: z.string().min(1).max(4096) }),
  /** The file must exist and match every given condition. */
  z.object({
    id: z.string().min(1).max(100),
    kind: z.literal('file_content'),
    path: z.string().min(1).max(4096),
    contains: z.string().max(10_000).optional(),
    regex: z.string().max(1000).optional(),
    sha256: z.string().regex(/^[a-f0-9]{64}$/).optional(),
  }),
  /** Exit code 0 passes. With remediation: on a failure the remediation runs once, then the check runs again. */
  z.object({ id: z.string().min(1).max(100), kind: z.literal('script'), check: ZScriptStep, remediation: ZScriptStep.optional() }),
]);
export type AgentCheck = z.infer<typeof ZAgentCheck>;

/** Payload of policy_check: { evaluationId?, checks }. */
export const ZPolicyCheckPayload = z.object({
  evaluationId: z.string().uuid().optional(),
  checks: z.array(ZAgentCheck).min(1).max(200),
});
export type PolicyCheckPayload = z.infer<typeof ZPolicyCheckPayload>;

export const CHECK_STATUSES = ['pass', 'fail', 'error', 'unsupported'] as const;

export const ZAgentCheckResult = z.object({
  id: z.string(),
  status: z.enum(CHECK_STATUSES),
  /** What was seen, in words a technician reads ("nginx.service is inactive", "exit code 3"). */
  detail: z.string().max(4000),
  exitCode: z.number().int().nullable().optional(),
  /** Script checks with remediation: whether the remediation ran, and its exit code. */
  remediated: z.boolean().optional(),
  remediationExitCode: z.number().int().nullable().optional(),
});
export type AgentCheckResult = z.infer<typeof ZAgentCheckResult>;

/** The `result` of a completed policy_check command. */
export const ZPolicyCheckResult = z.object({ checks: z.array(ZAgentCheckResult) });
export type PolicyCheckResult = z.infer<typeof ZPolicyCheckResult>;
