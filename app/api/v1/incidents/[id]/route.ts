// /api/v1/incidents/:id — read or update a tracked incident.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZIncident, ZUpdateIncident } from '@/lib/incidents/schemas';
import { getIncident, updateIncident } from '@/lib/incidents/incidents';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  params: ZIdParams,
  summary: 'Get an incident',
  description: 'Needs `alerts:read`.',
  tags: ['Incidents'],
  response: ZIncident,
  handler: ({ ctx, params }) => getIncident(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  body: ZUpdateIncident,
  audit: 'incident.update',
  summary: 'Update an incident',
  description: 'Needs `alerts:write`. `title`, `description`, `severity` and `status` (open, investigating, contained, resolved, closed; resolved and closed set `resolvedAt`, another status clears it).',
  tags: ['Incidents'],
  response: ZIncident,
  handler: ({ ctx, params, body }) => updateIncident(ctx, params.id, body),
});
