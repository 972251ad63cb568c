// POST /api/v1/agents/:agentId/elevation-requests/:id/finish — the elevated command ended (or was never run).
import { defineRoute } from '@/lib/http/define-route';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { ZAgentElevationFinish, ZAgentElevationParams, ZAgentElevationState } from '@/lib/pam/schemas';
import { finishElevation } from '@/lib/pam/requests';

export const POST = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: ZAgentElevationParams,
  body: ZAgentElevationFinish,
  audit: false,
  summary: 'Report the end of an elevation',
  description: '`outcome`: `exited` (the command ended by itself, with `exitCode`), `revoked` or `expired` (the agent killed it), `failed` (it could not start). An approved request becomes `completed` (or `expired`); a revoked one stays `revoked`; a pending one whose requester stopped waiting becomes `expired`. Reporting again changes nothing.',
  tags: ['Agents'],
  response: ZAgentElevationState,
  handler: ({ ctx, params, body }) => {
    assertOwnAgent(ctx, params.agentId);
    return finishElevation(ctx, params.id, body);
  },
});
