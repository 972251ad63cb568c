// POST /api/v1/agents/:agentId/commands/:commandId/result — the outcome of a claimed command.
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentCommandParams, ZCommandResultBody, ZCommandResultResponse } from '@/lib/agents/schemas';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { recordCommandResult } from '@/lib/agents/record-command-result';

export const POST = defineRoute({
  auth: 'agentNarrowed',
  permission: 'none',
  params: ZAgentCommandParams,
  body: ZCommandResultBody,
  cleanText: true,
  // stdout and stderr are accepted up to 16M characters each (and cut when stored).
  maxBodyBytes: 64 * 1024 * 1024,
  audit: false,
  summary: 'Report a command result',
  description:
    '`status` completed | failed | timed_out, `exitCode`, `stdout`/`stderr` (each stored up to COMMAND_OUTPUT_MAX_BYTES, default 256 KiB of UTF-8; longer output is cut and `truncated` is set) and a structured `result`. Only a command delivered to this agent (sent, or timed out by the server) takes a result: 404 for another device’s command, 409 `COMMAND_NOT_AWAITING_RESULT` once recorded. A completed `self_uninstall` retires the agent (device status `uninstalled`, credential revoked). While offboarding only a `self_uninstall` result is accepted.',
  tags: ['Agents'],
  response: ZCommandResultResponse,
  handler: ({ ctx, params, body }) => {
    assertOwnAgent(ctx, params.agentId);
    return recordCommandResult(ctx, params.commandId, body);
  },
});
