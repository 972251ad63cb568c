// POST /api/v1/agents/:agentId/elevation-requests — the agent submits a local user's elevation request.
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentParams } from '@/lib/agents/schemas';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { ZAgentElevationRequest, ZAgentElevationState } from '@/lib/pam/schemas';
import { submitElevationRequest } from '@/lib/pam/requests';
import { REQUEST_DOC } from '@/lib/pam/docs';

export const POST = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: ZAgentParams,
  body: ZAgentElevationRequest,
  cleanText: true,
  status: 201,
  audit: false,
  summary: 'Submit an elevation request',
  description: `The organization's enabled rules decide at once (first match by priority), else its default verdict: the answer is \`approved\` (with \`expiresAt\`), \`denied\` or \`pending\`; the agent polls \`GET …/elevation-requests/:id\` while pending and while the command runs.\n\n${REQUEST_DOC}`,
  tags: ['Agents'],
  response: ZAgentElevationState,
  handler: ({ ctx, params, body }) => {
    assertOwnAgent(ctx, params.agentId);
    return submitElevationRequest(ctx, body);
  },
});
