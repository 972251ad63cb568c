// GET /api/v1/psa/connections/:id/tickets — tickets synced from one PSA connection.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZListPsaTicketsQuery, ZPsaTicketList } from '@/lib/psa/schemas';
import { listPsaTickets } from '@/lib/psa/list-psa-tickets';
import { PSA_ACCESS, PSA_TAGS } from '@/lib/psa/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:read',
  scopes: ['partner'],
  params: ZIdParams,
  query: ZListPsaTicketsQuery,
  summary: 'List the tickets of a PSA connection',
  description: `${PSA_ACCESS} The tickets the last syncs stored, most recently changed first; filter by \`status\`, \`companyExternalId\` or a \`search\` in the summary.`,
  tags: PSA_TAGS,
  response: ZPsaTicketList,
  handler: ({ ctx, params, query }) => listPsaTickets(ctx, query, params.id),
});
