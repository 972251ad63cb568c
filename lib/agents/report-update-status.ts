// POST /agents/:agentId/update-status: the agent's self-update progress, kept on its device row
// (the console shows it beside the agent version; the offer skips a version the device refused).
import type { z } from 'zod';
import { dbPool } from '@/lib/db';
import type { AgentContext } from '@/lib/auth/context';
import type { ZAgentUpdateStatusBody } from '@/lib/agents/schemas';
import { logger } from '@/lib/observability/logger';

export async function reportAgentUpdateStatus(ctx: AgentContext, body: z.output<typeof ZAgentUpdateStatusBody>): Promise<void> {
  await dbPool().query(
    'update devices set agent_update_state = $2, agent_update_version = $3, agent_update_error = $4, agent_update_at = now() where id = $1',
    [ctx.deviceId, body.state, body.version, body.error?.slice(0, 1000) ?? null],
  );
  if (body.state === 'failed' || body.state === 'rolled_back') {
    logger.warn({ deviceId: ctx.deviceId, state: body.state, version: body.version, error: body.error }, 'agent self-update did not complete');
  }
}
