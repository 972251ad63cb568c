// POST /api/v1/distributor/sync — queue a sync of the partner's integration.
import { defineRoute } from '@/lib/http/define-route';
import { ZSyncBody, ZSyncResult } from '@/lib/distributor/schemas';
import { requestSync } from '@/lib/distributor/request-sync';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  body: ZSyncBody,
  summary: 'Queue a distributor sync',
  description: `${DISTRIBUTOR_ACCESS} Queues one background job that refreshes companies, products and subscriptions (a sync already waiting is replaced, not doubled); a nightly job does the same for every active integration. Returns \`{ queued, jobId, integrationId }\`. 404 without an integration; 409 \`INTEGRATION_INACTIVE\` or \`CREDENTIALS_MISSING\`. MFA required; audited.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZSyncResult,
  audit: 'distributor.sync',
  handler: ({ ctx, body }) => requestSync(ctx, body),
});
