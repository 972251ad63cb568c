// POST /api/v1/security/threats/:id/remove — the agent removes the detected file.
import { defineRoute } from '@/lib/http/define-route';
import { ZThreat, ZThreatIdParams } from '@/lib/security/posture-schemas';
import { requestThreatAction } from '@/lib/security/threats';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZThreatIdParams,
  status: 202,
  summary: 'Remove a threat',
  description: 'Needs `devices:execute`. Queues a `threat_action` command and answers the threat with `pendingAction` set; the status changes when the agent reports success (an agent failure leaves the status and sets `lastError`). The request and the agent’s outcome are both audited. The agent deletes the file (from quarantine when it is there). Allowed for a `detected`, `quarantined` or `restored` threat. 409 `INVALID_THREAT_STATE` from another status, 409 `ACTION_PENDING` while another action is in flight.',
  tags: ['Security'],
  response: ZThreat,
  audit: 'security.threat.remove',
  handler: ({ ctx, params }) => requestThreatAction(ctx, params.id, 'remove'),
});
