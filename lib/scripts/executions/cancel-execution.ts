// POST /scripts/executions/:id/cancel. Pending (not yet claimed by the agent): the command is
// withdrawn and the execution cancelled at once. Running: a cancel_command is queued for the
// device's agent, which kills the script's process tree and reports the run as cancelled.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { emitEvent } from '@/lib/events/emit-event';
import { writeAudit } from '@/lib/audit/write-audit';
import { getExecutionOrThrow } from '@/lib/scripts/executions/read-executions';
import { toExecutionDto } from '@/lib/scripts/executions/to-execution-dto';
import { settleScriptSteps } from '@/lib/automations/settle-script-steps';

export async function cancelExecution(ctx: ActorContext, id: string) {
  return db.$transaction(async (tx) => {
    const execution = await getExecutionOrThrow(ctx, id, tx);
    await tx.$queryRaw`select id from script_executions where id = ${id}::uuid for update`;
    const current = await getExecutionOrThrow(ctx, id, tx);
    if (current.status !== 'pending' && current.status !== 'running') {
      throw new AppError('EXECUTION_FINISHED', 409, `The execution is already ${current.status}`);
    }
    const audit = (how: string) =>
      writeAudit(ctx, { action: 'script.execution_cancel', targetType: 'script_execution', targetId: id, partnerId: execution.partnerId, orgId: execution.orgId, details: { how, deviceId: execution.deviceId, scriptId: execution.scriptId } }, tx);
    // Withdrawing a pending command races the heartbeat's claim (FOR UPDATE SKIP LOCKED): exactly one wins.
    const withdrawn = current.commandId
      ? await tx.deviceCommand.updateMany({ where: { id: current.commandId, status: 'pending' }, data: { status: 'cancelled', completedAt: new Date() } })
      : { count: 1 };
    // Only a command the agent holds (sent) needs the agent to kill it; any other state ends here.
    const held = current.commandId ? (await tx.deviceCommand.findUnique({ where: { id: current.commandId }, select: { status: true } }))?.status === 'sent' : false;
    if (withdrawn.count === 1 || !held) {
      await tx.scriptExecution.update({ where: { id }, data: { status: 'cancelled', completedAt: new Date(), cancelRequestedAt: new Date(), secretsSealed: null } });
      await emitEvent(tx, {
        type: 'script.failed',
        partnerId: execution.partnerId,
        orgId: execution.orgId,
        data: { executionId: id, scriptId: execution.scriptId, scriptName: execution.scriptName, scriptVersion: execution.scriptVersion, deviceId: execution.deviceId, status: 'cancelled', exitCode: null, severity: null },
      });
      await settleScriptSteps(tx, [id]);
      await audit('withdrawn');
      return { status: 200, execution: toExecutionDto(await getExecutionOrThrow(ctx, id, tx)) };
    }
    if (!current.cancelRequestedAt) {
      await tx.scriptExecution.update({ where: { id }, data: { cancelRequestedAt: new Date() } });
      await tx.deviceCommand.create({
        data: { partnerId: execution.partnerId, orgId: execution.orgId, deviceId: execution.deviceId, type: 'cancel_command', payload: { commandId: current.commandId }, source: 'script', createdById: ctx.userId },
      });
      await audit('kill_requested');
    }
    return { status: 202, execution: toExecutionDto(await getExecutionOrThrow(ctx, id, tx)) };
  });
}
