// GET /api/v1/agents/:agentId/elevation-requests/:id — the decision and state of the agent's own request.
import { defineRoute } from '@/lib/http/define-route';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { ZAgentElevationParams, ZAgentElevationState } from '@/lib/pam/schemas';
import { agentElevationState } from '@/lib/pam/requests';

export const GET = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: ZAgentElevationParams,
  summary: 'Read an elevation request’s state',
  description: 'Polled by the agent: while `pending` it waits; `approved` runs the command until `expiresAt`; `revoked` or `expired` while running kills it. A request of another device is a 404.',
  tags: ['Agents'],
  response: ZAgentElevationState,
  handler: ({ ctx, params }) => {
    assertOwnAgent(ctx, params.agentId);
    return agentElevationState(ctx, params.id);
  },
});
