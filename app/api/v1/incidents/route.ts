// POST /api/v1/incidents — open a tracked incident by hand.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateIncident, ZIncident } from '@/lib/incidents/schemas';
import { createIncident } from '@/lib/incidents/incidents';
import { INCIDENT_DOC } from '@/lib/incidents/docs';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  body: ZCreateIncident,
  status: 201,
  audit: 'incident.create',
  summary: 'Open an incident',
  description: `Needs \`alerts:write\`. \`orgId\` names the organization (organization callers: their own); \`deviceId\`, when given, must be a device of it; \`detectedAt\` defaults to now.\n\n${INCIDENT_DOC}`,
  tags: ['Incidents'],
  response: ZIncident,
  handler: ({ ctx, body }) => createIncident(ctx, body),
});
