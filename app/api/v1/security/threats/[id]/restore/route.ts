// POST /api/v1/security/threats/:id/restore — the agent restores the detected file.
import { defineRoute } from '@/lib/http/define-route';
import { ZThreat, ZThreatIdParams } from '@/lib/security/posture-schemas';
import { requestThreatAction } from '@/lib/security/threats';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZThreatIdParams,
  status: 202,
  summary: 'Restore a threat',
  description: 'Needs `devices:execute`. Queues a `threat_action` command and answers the threat with `pendingAction` set; the status changes when the agent reports success (an agent failure leaves the status and sets `lastError`). The request and the agent’s outcome are both audited. The agent moves the quarantined file back to its original path with its original mode (and owner when the agent runs as root); refused by the agent when a file exists there again. Allowed for a `quarantined` threat. 409 `INVALID_THREAT_STATE` from another status, 409 `ACTION_PENDING` while another action is in flight.',
  tags: ['Security'],
  response: ZThreat,
  audit: 'security.threat.restore',
  handler: ({ ctx, params }) => requestThreatAction(ctx, params.id, 'restore'),
});
