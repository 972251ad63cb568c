// /api/v1/incidents/integrations — the EDR integrations whose findings feed the incident feed.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateIntegration, ZIntegration, ZListIntegrationsQuery } from '@/lib/incidents/schemas';
import { createIntegration, listIntegrations } from '@/lib/incidents/integrations';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZListIntegrationsQuery,
  summary: 'List EDR integrations',
  description: 'Needs `alerts:read`. Each with its last sync time and error and its number of stored findings; the API token is never returned.',
  tags: ['Incidents'],
  response: ZPageOf(ZIntegration),
  handler: ({ ctx, query }) => listIntegrations(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  body: ZCreateIntegration,
  status: 201,
  audit: 'edr_integration.create',
  summary: 'Connect an EDR integration',
  description: 'Needs `alerts:write`. One per provider and organization (409 `INTEGRATION_EXISTS`). `edr_a`: an alerts API paged with `$top`/`$skip` under `<baseUrl>/api/alerts`, bearer token. `edr_b`: a threats API paged by cursor under `<baseUrl>/web/api/v2.1/threats`, `ApiToken` scheme. `baseUrl` follows the webhook URL-safety rules (checked here and before every sync); `apiToken` is stored encrypted. A first sync is queued at once, then every 15 minutes. Hosts are matched to devices of the organization by host name (full or first label).',
  tags: ['Incidents'],
  response: ZIntegration,
  handler: ({ ctx, body }) => createIntegration(ctx, body),
});
