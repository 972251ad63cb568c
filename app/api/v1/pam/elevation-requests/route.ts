// GET /api/v1/pam/elevation-requests — elevation requests of the caller's organizations.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZElevationRequest, ZListElevationRequestsQuery } from '@/lib/pam/schemas';
import { listElevationRequests } from '@/lib/pam/requests';
import { REQUEST_DOC } from '@/lib/pam/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:read',
  query: ZListElevationRequestsQuery,
  summary: 'List elevation requests',
  description: `Needs \`pam:read\`. Newest first. Filters: \`orgId\`, \`deviceId\`, \`status\`, \`user\` (exact, case-insensitive), \`search\` (executable path or command line), \`from\`/\`to\` (creation time).\n\n${REQUEST_DOC}`,
  tags: ['PAM'],
  response: ZPageOf(ZElevationRequest),
  handler: ({ ctx, query }) => listElevationRequests(ctx, query),
});
