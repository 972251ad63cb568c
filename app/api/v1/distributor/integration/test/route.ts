// POST /api/v1/distributor/integration/test — check credentials against the distributor.
import { defineRoute } from '@/lib/http/define-route';
import { ZTestIntegration, ZTestIntegrationResult } from '@/lib/distributor/schemas';
import { testIntegration } from '@/lib/distributor/test-integration';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  body: ZTestIntegration,
  summary: 'Test the distributor connection',
  description: `${DISTRIBUTOR_ACCESS} Lists the distributor's companies with the given \`clientId\`/\`clientSecret\` (nothing is saved) or with the stored credentials (404 when no integration exists). Answers 200 \`{ success: true, data: { companies } }\` or \`{ success: false, error }\`. MFA required; audited.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZTestIntegrationResult,
  audit: 'distributor_integration.test',
  handler: ({ ctx, body }) => testIntegration(ctx, body),
});
