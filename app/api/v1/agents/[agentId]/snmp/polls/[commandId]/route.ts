// GET /api/v1/agents/:agentId/snmp/polls/:commandId — the plan of an snmp_poll command.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { assertOwnAgent } from '@/lib/agents/authenticate-agent';
import { ZSnmpPollPlan } from '@/lib/snmp/schemas';
import { handOverProbePoll } from '@/lib/snmp/probe-polls';

export const GET = defineRoute({
  auth: 'agent',
  permission: 'none',
  params: z.object({ agentId: z.string().uuid(), commandId: z.string().uuid() }),
  summary: 'Fetch the plan of an SNMP poll',
  description:
    'A probe agent polls SNMP devices the server cannot reach: for each `snmp_poll` command (payload `{ snmpDeviceId }`) it fetches here the target, the credentials (so they never travel in, or are stored with, the command) and the OIDs, polls with net-snmp, and returns the readings as the command result `{ ok: true, durationMs, identity, values: [{ entry, oid, kind, value, typeName }], truncated }` (`entry`: index into `oids`; counters as decimal strings; at most 2,500 readings) or `{ ok: false, durationMs, error }`; the server stores them like its own polls. Only the command\'s own device, only while the command awaits its result (else 409 `COMMAND_NOT_AWAITING_RESULT`); 404 once the SNMP device is deleted or moved to another probe.',
  tags: ['Agents'],
  response: ZSnmpPollPlan,
  handler: ({ ctx, params }) => {
    assertOwnAgent(ctx, params.agentId);
    return handOverProbePoll(ctx, params.commandId);
  },
});
