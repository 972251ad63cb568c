// GET /api/v1/security/threats/:deviceId — the threats of one device. The segment is named id
// because the threat actions (/security/threats/:id/quarantine…) share the folder.
import { defineRoute } from '@/lib/http/define-route';
import { ZThreatIdParams, ZThreatList, ZThreatsQuery } from '@/lib/security/posture-schemas';
import { listThreats } from '@/lib/security/threats';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZThreatIdParams,
  query: ZThreatsQuery.omit({ orgId: true }),
  summary: 'List a device’s threats',
  description: 'Needs `devices:read`. The path id is a device id (the spec’s `/security/threats/:deviceId`): that device’s threats, newest first. 404 for a device outside your scope.',
  tags: ['Security'],
  response: ZThreatList,
  handler: ({ ctx, params, query }) => listThreats(ctx, query, params.id),
});
