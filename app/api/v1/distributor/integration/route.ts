// /api/v1/distributor/integration — the partner's distributor integration.
import { defineRoute } from '@/lib/http/define-route';
import { ZIntegrationResponse, ZPartnerQuery, ZUpsertIntegration, ZUpsertIntegrationResponse } from '@/lib/distributor/schemas';
import { getIntegration } from '@/lib/distributor/get-integration';
import { upsertIntegration } from '@/lib/distributor/upsert-integration';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  query: ZPartnerQuery,
  summary: 'Get the distributor integration',
  description: `${DISTRIBUTOR_ACCESS} \`data\` is null when none was saved. Credentials are never returned: \`hasCredentials\`, \`clientIdHint\` and \`credentialsReadable\` describe them; the sync fields describe the last and the queued sync.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZIntegrationResponse,
  handler: ({ ctx, query }) => getIntegration(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  body: ZUpsertIntegration,
  summary: 'Create or update the distributor integration',
  description: `${DISTRIBUTOR_ACCESS} One integration per partner. \`clientId\` and \`clientSecret\` go together and are stored encrypted (AES-256-GCM); an active integration needs them (400 \`CREDENTIALS_REQUIRED\`). When the integration is active and this save created it, activated it or replaced its credentials, an initial sync (companies, products, subscriptions) is queued: \`syncQueued\` and \`jobId\`. MFA required; audited.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZUpsertIntegrationResponse,
  audit: 'distributor_integration.save',
  handler: ({ ctx, body }) => upsertIntegration(ctx, body),
});
