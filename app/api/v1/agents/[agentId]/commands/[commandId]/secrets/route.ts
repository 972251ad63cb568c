// GET /api/v1/agents/:agentId/commands/:commandId/secrets — a script run's secret variables.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentCommandParams } from '@/lib/agents/schemas';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { handOverSecrets } from '@/lib/scripts/executions/hand-over-secrets';

export const GET = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: ZAgentCommandParams,
  summary: 'Fetch the secret variables of a script run',
  description: 'For a `run_script` command whose payload lists `secretEnv` names: answers `{ env: { SERVICE_VAR_<NAME>: value } }` for the agent to put in the script’s environment. Only for the device the command was delivered to, while the run is in progress (else 409 `COMMAND_NOT_RUNNING`); the values are discarded by the server once the result arrives.',
  tags: ['Agents'],
  response: z.object({ env: z.record(z.string(), z.string()) }),
  handler: ({ ctx, params }) => {
    assertOwnAgent(ctx, params.agentId);
    return handOverSecrets(ctx, params.commandId);
  },
});
