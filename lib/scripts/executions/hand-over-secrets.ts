// GET /agents/:agentId/commands/:commandId/secrets: the agent fetches a script run's secret
// variables just before it starts the script, so they never travel in (or are stored with) the
// command. Only the device the command was delivered to, and only while it runs.
import { db } from '@/lib/db';
import type { AgentContext } from '@/lib/auth/context';
import { AppError, notFound } from '@/lib/http/errors';
import { unsealSecrets } from '@/lib/scripts/executions/record-script-result';

export async function handOverSecrets(ctx: AgentContext, commandId: string): Promise<{ env: Record<string, string> }> {
  const command = await db.deviceCommand.findFirst({ where: { id: commandId, deviceId: ctx.deviceId, type: 'run_script' }, include: { scriptExecution: { select: { secretsSealed: true, status: true } } } });
  if (!command) throw notFound('Command');
  if (command.status !== 'sent' || !command.scriptExecution || command.scriptExecution.status !== 'pending') {
    throw new AppError('COMMAND_NOT_RUNNING', 409, 'Secrets are handed over only while the script run is in progress');
  }
  return { env: unsealSecrets(command.scriptExecution.secretsSealed) };
}
