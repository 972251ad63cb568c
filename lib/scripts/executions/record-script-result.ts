// The result of a script execution's run_script command (called by recordCommandResult in its
// transaction): secrets are redacted from the output (also on the command row), custom-field
// lines are applied, the exit code is mapped to a severity, and script.completed or
// script.failed is emitted. A mapped severity raises an alert (lib/alerts).
import type { Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { decryptSecret } from '@/lib/auth/secrets';
import { emitEvent } from '@/lib/events/emit-event';
import { redactSecrets, severityFor } from '@/lib/scripts/executions/prepare-run';
import { applyCustomFieldOutput } from '@/lib/scripts/executions/apply-custom-field-output';
import { raiseScriptAlert } from '@/lib/alerts/evaluation/raise-script-alert';
import { settleScriptSteps } from '@/lib/automations/settle-script-steps';

type FinalStatus = 'completed' | 'failed' | 'timed_out' | 'cancelled';

export function unsealSecrets(sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  try {
    return JSON.parse(decryptSecret(sealed)) as Record<string, string>;
  } catch {
    return {};
  }
}

export async function recordScriptResult(
  tx: Tx,
  commandId: string,
  outcome: { status: FinalStatus; exitCode: number | null; stdout: string | null; stderr: string | null; truncated: boolean; result?: Record<string, unknown> | null },
): Promise<void> {
  const execution = await tx.scriptExecution.findUnique({ where: { commandId }, include: { command: { select: { sentAt: true } }, script: { select: { exitCodeSeverityMapping: true } }, device: { select: { hostname: true } } } });
  if (!execution) return;
  const secrets = Object.values(unsealSecrets(execution.secretsSealed));
  const stdout = redactSecrets(outcome.stdout, secrets);
  const stderr = redactSecrets(outcome.stderr, secrets);
  if (stdout !== outcome.stdout || stderr !== outcome.stderr) {
    await tx.deviceCommand.update({ where: { id: commandId }, data: { stdout, stderr } });
  }
  // A cancel that reached the agent ends as cancelled unless the script finished first.
  const status: FinalStatus = execution.cancelRequestedAt && outcome.status !== 'completed' ? 'cancelled' : outcome.status;
  const customFields = await applyCustomFieldOutput(tx, execution, stdout);
  const severity = severityFor(execution.script?.exitCodeSeverityMapping, outcome.exitCode);
  const duration = outcome.result?.durationMs;
  const completedAt = new Date();
  await tx.scriptExecution.update({
    where: { id: execution.id },
    data: {
      status,
      exitCode: outcome.exitCode,
      stdout,
      stderr,
      truncated: outcome.truncated,
      durationMs: typeof duration === 'number' && Number.isFinite(duration) ? Math.round(duration) : null,
      severity,
      customFields: customFields as unknown as Prisma.InputJsonValue,
      startedAt: execution.startedAt ?? execution.command?.sentAt ?? null,
      completedAt,
      secretsSealed: null,
    },
  });
  await emitEvent(tx, {
    type: status === 'completed' ? 'script.completed' : 'script.failed',
    partnerId: execution.partnerId,
    orgId: execution.orgId,
    data: {
      executionId: execution.id,
      scriptId: execution.scriptId,
      scriptName: execution.scriptName,
      scriptVersion: execution.scriptVersion,
      deviceId: execution.deviceId,
      hostname: execution.device.hostname,
      status,
      exitCode: outcome.exitCode,
      severity,
    },
  });
  await settleScriptSteps(tx, [execution.id]);
  await raiseScriptAlert(tx, { partnerId: execution.partnerId, orgId: execution.orgId, deviceId: execution.deviceId, hostname: execution.device.hostname, scriptId: execution.scriptId, scriptName: execution.scriptName, executionId: execution.id, exitCode: outcome.exitCode, status, severity });
}

/** Executions whose commands the server sweep timed out (no result from the agent in time). */
export async function timeOutScriptExecutions(tx: Tx, commandIds: string[]): Promise<number> {
  if (commandIds.length === 0) return 0;
  const rows = await tx.scriptExecution.findMany({ where: { commandId: { in: commandIds }, status: { in: ['pending', 'running'] } }, include: { device: { select: { hostname: true } } } });
  for (const e of rows) {
    await tx.scriptExecution.update({
      where: { id: e.id },
      data: { status: 'timed_out', completedAt: new Date(), stderr: 'No result from the agent before the script timed out', secretsSealed: null },
    });
    await emitEvent(tx, {
      type: 'script.failed',
      partnerId: e.partnerId,
      orgId: e.orgId,
      data: { executionId: e.id, scriptId: e.scriptId, scriptName: e.scriptName, scriptVersion: e.scriptVersion, deviceId: e.deviceId, hostname: e.device.hostname, status: 'timed_out', exitCode: null, severity: null },
    });
  }
  await settleScriptSteps(tx, rows.map((e) => e.id));
  return rows.length;
}
