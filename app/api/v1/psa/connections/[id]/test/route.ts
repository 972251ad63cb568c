// POST /api/v1/psa/connections/:id/test — a live credentials check against the PSA.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPsaTestResult } from '@/lib/psa/schemas';
import { testPsaConnection } from '@/lib/psa/test-psa-connection';
import { PSA_ACCESS, PSA_TAGS } from '@/lib/psa/route-docs';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:manage',
  scopes: ['partner'],
  params: ZIdParams,
  audit: 'psa_connection.test',
  summary: 'Test a PSA connection',
  description: `${PSA_ACCESS} Calls the PSA with the stored credentials (rate limiting honoured) and answers 200 \`{ ok, error, testedAt }\`: \`ok: false\` with the PSA’s refusal or the transport failure in \`error\`. The outcome is kept as \`lastTestOk\`/\`lastTestAt\`.`,
  tags: PSA_TAGS,
  response: ZPsaTestResult,
  handler: ({ ctx, params }) => testPsaConnection(ctx, params.id),
});
