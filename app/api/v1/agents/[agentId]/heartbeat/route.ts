// POST /api/v1/agents/:agentId/heartbeat — metrics in, claimed commands out.
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentParams, ZHeartbeatBody, ZHeartbeatResponse } from '@/lib/agents/schemas';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { recordHeartbeat } from '@/lib/agents/record-heartbeat';

export const POST = defineRoute({
  auth: 'agentNarrowed',
  permission: 'none',
  params: ZAgentParams,
  body: ZHeartbeatBody,
  cleanText: true,
  audit: false,
  accessLog: 'debug',
  summary: 'Agent heartbeat',
  description: [
    'Bearer agent token (from enrollment). Records the metrics and marks the device online (emits `device.online` after an offline spell, `device.updated` when hostname or versions change). The answer carries the pending commands, claimed atomically (pending → sent: each command is delivered to exactly one beat), and the interval for the next beat.',
    'Tolerant: unknown fields are ignored and an invalid optional field is dropped and listed in `droppedFields`, never a rejected beat.',
    'While the partner is offboarding the credential is narrowed: beats still work (`mode: offboarding`) but only a queued `self_uninstall` is delivered, and every other agent call answers 403 `AGENT_ACCESS_NARROWED`. Revoked credentials answer 401 `AGENT_REVOKED`. Agents never pass the user IP allowlist.',
  ].join('\n\n'),
  tags: ['Agents'],
  response: ZHeartbeatResponse,
  handler: ({ ctx, params, body }) => {
    assertOwnAgent(ctx, params.agentId);
    return recordHeartbeat(ctx, body);
  },
});
