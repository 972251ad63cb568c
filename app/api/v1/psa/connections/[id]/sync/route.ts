// POST /api/v1/psa/connections/:id/sync — queue a sync of companies, contacts and tickets.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPsaSyncQueued } from '@/lib/psa/schemas';
import { requestPsaSync } from '@/lib/psa/request-psa-sync';
import { PSA_ACCESS, PSA_TAGS } from '@/lib/psa/route-docs';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:manage',
  scopes: ['partner'],
  params: ZIdParams,
  status: 202,
  audit: 'psa_connection.sync',
  summary: 'Sync a PSA connection',
  description: `${PSA_ACCESS} Queues the sync job (one waiting per connection). It reads companies, contacts and tickets, each from its own cursor (the newest PSA modification time already stored), retrying after the delay a rate-limited PSA asks for; \`GET …/status\` shows its progress, counts and cursors.`,
  tags: PSA_TAGS,
  response: ZPsaSyncQueued,
  handler: ({ ctx, params }) => requestPsaSync(ctx, params.id),
});
