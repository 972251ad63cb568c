// GET /api/v1/security/threats — detected threats in scope, newest first.
import { defineRoute } from '@/lib/http/define-route';
import { ZThreatList, ZThreatsQuery } from '@/lib/security/posture-schemas';
import { listThreats } from '@/lib/security/threats';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZThreatsQuery,
  summary: 'List threats',
  description: 'Needs `devices:read`. Detections of threat scans: signature, file path, SHA-256, status (`detected`, `quarantined`, `removed`, `restored`) and the agent action in flight (`pendingAction`).',
  tags: ['Security'],
  response: ZThreatList,
  handler: ({ ctx, query }) => listThreats(ctx, query),
});
