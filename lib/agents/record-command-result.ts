// POST /agents/:agentId/commands/:commandId/result. Output is stored up to
// COMMAND_OUTPUT_MAX_BYTES per stream; a completed self_uninstall retires the device's agent.
//
// Most results need nothing but the command row written (a bulk run_script to a fleet returns a
// thousand at once), so they take a fast path: concurrent results are coalesced into ONE
// statement that stores every plain one. A result that needs more — a script execution to finish,
// a script_failed rule to evaluate, a self_uninstall, an offboarding agent — or that the statement
// did not store (unknown command, already recorded) takes the transactional path, which also
// gives the precise 404/409.
import type { z } from 'zod';
import { db, dbPool } from '@/lib/db';
import { env } from '@/lib/env';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AgentContext } from '@/lib/auth/context';
import { AppError, conflict, notFound } from '@/lib/http/errors';
import { emitEvent } from '@/lib/events/emit-event';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { ZCommandResultBody } from '@/lib/agents/schemas';
import { stripNul, truncateUtf8 } from '@/lib/agents/sanitize';
import { checkJobKey } from '@/lib/offboarding/agent-offboarding';
import { recordScriptResult } from '@/lib/scripts/executions/record-script-result';
import { evaluateCommandResult } from '@/lib/alerts/evaluation/evaluate-command-result';
import { coalesceCalls } from '@/lib/batching/coalesce-calls';
import { batchArrayParams } from '@/lib/batching/batch-params';
import { PATCH_JOB_COMMANDS, recordPatchJobResult } from '@/lib/patches/record-patch-job-result';
import { recordDeploymentCommandResult } from '@/lib/deployments/record-deployment-result';
import { recordPolicyCheckCommandResult } from '@/lib/policies/record-policy-check-result';
import { recordDiscoveryCommandResult } from '@/lib/discovery/ingest';
import { recordSecurityCommandResult } from '@/lib/security/threats';
import { recordThirdPartyTestResult } from '@/lib/third-party-catalog/record-third-party-test-result';
import { recordProbePollResult } from '@/lib/snmp/probe-polls';

type ResultInput = z.output<typeof ZCommandResultBody>;

interface PlainResult {
  commandId: string;
  deviceId: string;
  partnerId: string;
  orgId: string;
  status: string;
  exitCode: number | null;
  stdout: string | null;
  stderr: string | null;
  truncated: boolean;
  result: string | null;
}

// $1 command ids, $2 their devices, $3 partners, $4 orgs, then the result columns (arrays written
// so that the plan is reused: batch-params.ts). A row is
// stored only when it is this device's command awaiting a result, not a self_uninstall, patch job, software install, policy check, discovery scan or SNMP poll, not a
// script execution's command and not covered by an enabled script_failed rule; the rest answer
// `stored = false` and go the transactional way.
const FAST_RESULTS = `
  with input as (
    select * from unnest(${batchArrayParams(['uuid[]', 'uuid[]', 'uuid[]', 'uuid[]', 'text[]', 'int[]', 'text[]', 'text[]', 'bool[]', 'text[]'])})
      as t(id, device_id, partner_id, org_id, status, exit_code, stdout, stderr, truncated, result)
  ), stored as (
    update device_commands c set status = i.status::"CommandStatus", completed_at = now(), exit_code = i.exit_code,
      stdout = i.stdout, stderr = i.stderr, truncated = i.truncated, result = i.result::jsonb
    from input i
    where c.id = i.id and c.device_id = i.device_id and c.status in ('sent', 'timed_out') and c.type not in ('self_uninstall', 'patch_install', 'patch_rollback', 'software_install', 'policy_check', 'discovery_scan', 'security_scan', 'threat_action', 'snmp_poll')
      and not exists (select 1 from script_executions e where e.command_id = c.id)
      and not exists (select 1 from alert_rules r where r.partner_id = i.partner_id and r.enabled
        and r.condition_type = 'script_failed' and (r.org_id = i.org_id or r.org_id is null))
    returning c.id
  )
  select i.id::text as id, s.id is not null as stored from input i left join stored s on s.id = i.id`;

const storePlainResult = coalesceCalls<PlainResult, boolean>(
  async (results) => {
    const sorted = [...results].sort((a, b) => (a.commandId < b.commandId ? -1 : a.commandId > b.commandId ? 1 : 0));
    const col = <K extends keyof PlainResult>(k: K) => sorted.map((r) => r[k]);
    const { rows } = await dbPool().query<{ id: string; stored: boolean }>({
      name: 'agent-command-results-batch',
      text: FAST_RESULTS,
      values: [col('commandId'), col('deviceId'), col('partnerId'), col('orgId'), col('status'), col('exitCode'), col('stdout'), col('stderr'), col('truncated'), col('result')],
    });
    const stored = new Set(rows.filter((r) => r.stored).map((r) => r.id));
    return results.map((r) => stored.has(r.commandId));
  },
  { maxBatch: 200, maxInFlight: 2, key: (r) => r.commandId },
);

export async function recordCommandResult(ctx: AgentContext, commandId: string, body: z.output<typeof ZCommandResultBody>) {
  const input = stripNul(body);
  const cap = env().COMMAND_OUTPUT_MAX_BYTES;
  const stdout = input.stdout === undefined ? null : truncateUtf8(input.stdout, cap);
  const stderr = input.stderr === undefined ? null : truncateUtf8(input.stderr, cap);
  const truncated = Boolean(stdout?.truncated || stderr?.truncated);

  if (!ctx.narrowed) {
    const stored = await storePlainResult({
      commandId,
      deviceId: ctx.deviceId,
      partnerId: ctx.partnerId,
      orgId: ctx.orgId,
      status: input.status,
      exitCode: input.exitCode ?? null,
      stdout: stdout?.text ?? null,
      stderr: stderr?.text ?? null,
      truncated,
      result: input.result === undefined ? null : JSON.stringify(input.result),
    });
    if (stored) return { id: commandId, status: input.status, truncated };
  }
  return recordInTransaction(ctx, commandId, input, { stdout, stderr, truncated });
}

async function recordInTransaction(
  ctx: AgentContext,
  commandId: string,
  input: ResultInput,
  output: { stdout: ReturnType<typeof truncateUtf8> | null; stderr: ReturnType<typeof truncateUtf8> | null; truncated: boolean },
) {
  const { stdout, stderr, truncated } = output;
  return db.$transaction(async (tx) => {
    const command = await tx.deviceCommand.findFirst({ where: { id: commandId, deviceId: ctx.deviceId } });
    if (!command) throw notFound('Command');
    if (ctx.narrowed && command.type !== 'self_uninstall') {
      throw new AppError('AGENT_ACCESS_NARROWED', 403, 'The partner is offboarding: only a self_uninstall result is accepted');
    }
    // A late result after the sweep timed the command out is still worth keeping.
    const updated = await tx.deviceCommand.updateMany({
      where: { id: commandId, status: { in: ['sent', 'timed_out'] } },
      data: {
        status: input.status,
        completedAt: new Date(),
        exitCode: input.exitCode ?? null,
        stdout: stdout?.text ?? null,
        stderr: stderr?.text ?? null,
        truncated,
        result: (input.result ?? undefined) as Prisma.InputJsonValue | undefined,
      },
    });
    if (updated.count === 0) {
      throw conflict(`This command is ${command.status === 'pending' ? 'not yet delivered' : `already ${command.status}`}; no result is accepted`, 'COMMAND_NOT_AWAITING_RESULT');
    }
    if (command.type === 'run_script') {
      await recordScriptResult(tx, commandId, { status: input.status, exitCode: input.exitCode ?? null, stdout: stdout?.text ?? null, stderr: stderr?.text ?? null, truncated, result: input.result });
    }
    if (PATCH_JOB_COMMANDS.includes(command.type)) await recordPatchJobResult(tx, ctx, command, { status: input.status, stderr: stderr?.text ?? null, result: input.result });
    await recordDeploymentCommandResult(tx, command, input);
    await recordPolicyCheckCommandResult(tx, command, input);
    await recordDiscoveryCommandResult(tx, command, { status: input.status, stderr: stderr?.text ?? null, result: input.result });
    await recordSecurityCommandResult(tx, ctx, command, { status: input.status, stderr: stderr?.text ?? null, result: input.result });
    await recordThirdPartyTestResult(tx, command, { status: input.status, stderr: stderr?.text ?? null, result: input.result });
    await recordProbePollResult(tx, command, { status: input.status, stderr: stderr?.text ?? null, result: input.result });
    await evaluateCommandResult(tx, ctx, command, input.status);
    if (command.type === 'self_uninstall' && input.status === 'completed') {
      await tx.device.update({ where: { id: ctx.deviceId }, data: { status: 'uninstalled', agentRevokedAt: new Date() } });
      await tx.deviceCommand.updateMany({ where: { deviceId: ctx.deviceId, status: 'pending' }, data: { status: 'cancelled', dedupeKey: null } });
      await emitEvent(tx, {
        type: 'device.updated',
        partnerId: ctx.partnerId,
        orgId: ctx.orgId,
        data: { deviceId: ctx.deviceId, hostname: ctx.hostname, changes: [{ field: 'status', from: ctx.deviceStatus, to: 'uninstalled' }] },
      });
      // An offboarding partner is finalised as soon as its last agent has gone.
      if (ctx.narrowed) await enqueueJob(tx, 'finalize_offboarding', { partnerId: ctx.partnerId, trigger: 'check' }, { jobKey: checkJobKey(ctx.partnerId) });
    }
    return { id: commandId, status: input.status, truncated };
  });
}
