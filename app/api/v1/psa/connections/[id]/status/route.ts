// GET /api/v1/psa/connections/:id/status — sync state, cursors and stored record counts.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPsaStatus } from '@/lib/psa/schemas';
import { getPsaStatus } from '@/lib/psa/get-psa-status';
import { PSA_ACCESS, PSA_TAGS } from '@/lib/psa/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:read',
  scopes: ['partner'],
  params: ZIdParams,
  summary: 'Get the sync status of a PSA connection',
  description: `${PSA_ACCESS} \`syncStatus\` (\`never\`, \`queued\`, \`running\`, \`succeeded\`, \`failed\`), the last run’s times, error and counts, each entity’s cursor, and how many companies, contacts and tickets are stored.`,
  tags: PSA_TAGS,
  response: ZPsaStatus,
  handler: ({ ctx, params }) => getPsaStatus(ctx, params.id),
});
