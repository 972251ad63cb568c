// GET /api/v1/psa/tickets — the service desk's tickets when they live in the PSA.
import { defineRoute } from '@/lib/http/define-route';
import { ZListPsaTicketsQuery, ZPsaTicketList } from '@/lib/psa/schemas';
import { listPsaTickets } from '@/lib/psa/list-psa-tickets';
import { PSA_ACCESS, PSA_TAGS } from '@/lib/psa/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'psa:read',
  scopes: ['partner'],
  query: ZListPsaTicketsQuery,
  summary: 'List PSA tickets',
  description: `${PSA_ACCESS} In \`external\` service-management mode: the synced tickets of the bound connection (\`serviceManagementPsaConnectionId\`), most recently changed first; an empty page in any other mode.`,
  tags: PSA_TAGS,
  response: ZPsaTicketList,
  handler: ({ ctx, query }) => listPsaTickets(ctx, query),
});
