// POST /api/v1/agents/:agentId/update-status — the agent reports the progress of a self-update.
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentParams, ZAgentUpdateStatusBody } from '@/lib/agents/schemas';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { reportAgentUpdateStatus } from '@/lib/agents/report-update-status';

export const POST = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: ZAgentParams,
  body: ZAgentUpdateStatusBody,
  cleanText: true,
  audit: false,
  status: 204,
  summary: 'Report self-update state',
  description:
    'Bearer agent token. The state of the agent’s self-update to `version`: `downloading`, `trial` (the new version runs on probation), `updated`, `failed` (refused: digest or signature mismatch, download error) or `rolled_back` (the new version did not confirm a heartbeat in time; the previous one keeps running). Stored on the device (`agentUpdate`); a version that failed or rolled back is not offered to that device again until another release is promoted.',
  tags: ['Agents'],
  handler: async ({ ctx, params, body }) => {
    assertOwnAgent(ctx, params.agentId);
    await reportAgentUpdateStatus(ctx, body);
  },
});
