// POST /agents/:agentId/commands/:commandId/result. Output is stored up to
// COMMAND_OUTPUT_MAX_BYTES per stream; a completed self_uninstall retires the device's agent.
import type { z } from 'zod';
import { db } from '@/lib/db';
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

export async function recordCommandResult(ctx: AgentContext, commandId: string, body: z.output<typeof ZCommandResultBody>) {
  const input = stripNul(body);
  const cap = env().COMMAND_OUTPUT_MAX_BYTES;
  const stdout = input.stdout === undefined ? null : truncateUtf8(input.stdout, cap);
  const stderr = input.stderr === undefined ? null : truncateUtf8(input.stderr, cap);
  const truncated = Boolean(stdout?.truncated || stderr?.truncated);

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
