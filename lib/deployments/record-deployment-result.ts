// A command result that belongs to a deployment row (any command type: software_install,
// run_script of a script deployment, patch_install of a patch deployment) settles the row and
// wakes the rollout. A row already failed by the timeout sweep still takes a late result.
import type { z } from 'zod';
import type { Tx } from '@/lib/db';
import type { DeviceCommand, Prisma } from '@/lib/generated/prisma/client';
import type { ZCommandResultBody } from '@/lib/agents/schemas';
import { truncateUtf8 } from '@/lib/agents/sanitize';
import { wakeDeployment } from '@/lib/deployments/change-deployment-state';

/** Output kept on the row (the full output stays on the command). */
const OUTPUT_MAX_BYTES = 16 * 1024;

export async function recordDeploymentCommandResult(tx: Tx, command: Pick<DeviceCommand, 'id'>, input: z.output<typeof ZCommandResultBody>): Promise<void> {
  const row = await tx.deploymentDevice.findFirst({ where: { commandId: command.id, status: { in: ['queued', 'running', 'failed'] } }, select: { id: true, deploymentId: true } });
  if (!row) return;
  const ok = input.status === 'completed';
  const result = input.result && typeof input.result === 'object' ? (input.result as Record<string, unknown>) : null;
  const output = [input.stdout, input.stderr].filter(Boolean).join('\n');
  await tx.deploymentDevice.update({
    where: { id: row.id },
    data: {
      status: ok ? 'succeeded' : 'failed',
      error: ok ? null : errorOf(input.status, result, input.stderr ?? null),
      output: output ? truncateUtf8(output, OUTPUT_MAX_BYTES).text : null,
      result: (input.result ?? undefined) as Prisma.InputJsonValue | undefined,
      completedAt: new Date(),
    },
  });
  await wakeDeployment(tx, row.deploymentId);
}

function errorOf(status: string, result: Record<string, unknown> | null, stderr: string | null): string {
  if (result?.unsupported === true) return `Unsupported: ${typeof result.reason === 'string' ? result.reason : 'the agent cannot install this here'}`.slice(0, 4000);
  if (typeof result?.error === 'string') return result.error.slice(0, 4000);
  const last = stderr?.trim().split('\n').pop();
  return (last ? `${status}: ${last}` : `The command ${status === 'failed' ? 'failed' : `ended ${status}`}`).slice(0, 4000);
}
