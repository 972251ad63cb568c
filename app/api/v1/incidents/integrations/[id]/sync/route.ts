// POST /api/v1/incidents/integrations/:id/sync — queue a sync of the integration's findings now.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { requestSync } from '@/lib/incidents/integrations';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  status: 202,
  audit: 'edr_integration.sync',
  summary: 'Sync an EDR integration now',
  description: 'Needs `alerts:write`. Queues the sync job (one at a time per integration); its outcome shows in `lastSyncAt`/`lastError` of `GET /incidents/integrations`. 409 `INTEGRATION_DISABLED` for a disabled integration.',
  tags: ['Incidents'],
  response: z.object({ queued: z.boolean() }),
  handler: ({ ctx, params }) => requestSync(ctx, params.id),
});
