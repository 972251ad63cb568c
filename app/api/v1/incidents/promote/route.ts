// POST /api/v1/incidents/promote — track an alert, an EDR finding or a threat as an incident.
import { defineRoute } from '@/lib/http/define-route';
import { ZIncident, ZPromote } from '@/lib/incidents/schemas';
import { promoteToIncident } from '@/lib/incidents/incidents';
import { INCIDENT_DOC } from '@/lib/incidents/docs';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  body: ZPromote,
  status: 201,
  audit: 'incident.promote',
  summary: 'Promote a record to an incident',
  description: `Needs \`alerts:write\` (and \`devices:read\` for a finding or a threat). The incident takes the source's organization, device, title, severity and detection time; \`title\` and \`severity\` override them. A source outside the caller's scope is a 404; one already tracked is a 409 \`ALREADY_PROMOTED\` naming its incident. A threat may instead be linked to an existing incident of its organization (\`incidentId\`); the promotion or link is also audited on the threat (\`security.threat.promote\`, \`security.threat.link_incident\`).\n\n${INCIDENT_DOC}`,
  tags: ['Incidents'],
  response: ZIncident,
  errors: [422],
  handler: ({ ctx, body }) => promoteToIncident(ctx, body),
});
