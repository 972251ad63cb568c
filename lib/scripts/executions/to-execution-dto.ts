import type { Prisma } from '@/lib/generated/prisma/client';
import type { TExecution } from '@/lib/scripts/executions/schemas';

export const EXECUTION_INCLUDE = { command: { select: { status: true, sentAt: true, completedAt: true } } } as const;
export type ExecutionRow = Prisma.ScriptExecutionGetPayload<{ include: typeof EXECUTION_INCLUDE }>;

export function toExecutionDto(e: ExecutionRow): TExecution {
  // `running` is not written on the hot heartbeat path: a pending execution whose command the
  // agent has claimed is running since the claim.
  const running = e.status === 'pending' && e.command?.status === 'sent';
  // A pending run whose command was withdrawn with the device's queue (decommission, offboarding
  // cancel without a completion time). An agent's result sets completedAt and updates the
  // execution in the same transaction, but the two rows are read by separate queries: a command
  // that has a completion time never decides the status here.
  const withdrawn = e.status === 'pending' && e.command?.status === 'cancelled' && e.command.completedAt === null;
  return {
    id: e.id,
    scriptId: e.scriptId,
    scriptName: e.scriptName,
    scriptVersion: e.scriptVersion,
    deviceId: e.deviceId,
    orgId: e.orgId,
    commandId: e.commandId,
    status: running ? 'running' : withdrawn ? 'cancelled' : e.status,
    parameters: (e.parameters ?? {}) as Record<string, unknown>,
    secretVariables: e.secretNames,
    exitCode: e.exitCode,
    stdout: e.stdout,
    stderr: e.stderr,
    truncated: e.truncated,
    durationMs: e.durationMs,
    severity: e.severity as TExecution['severity'],
    customFields: (e.customFields ?? null) as TExecution['customFields'],
    cancelRequested: e.cancelRequestedAt !== null,
    triggeredById: e.triggeredById,
    createdAt: e.createdAt.toISOString(),
    startedAt: (e.startedAt ?? (running ? e.command?.sentAt : null))?.toISOString() ?? null,
    completedAt: e.completedAt?.toISOString() ?? null,
  };
}
