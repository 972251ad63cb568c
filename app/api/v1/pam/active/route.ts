// GET /api/v1/pam/active — approved elevations that have not expired, ended or been revoked.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZElevationRequest, ZListElevationRequestsQuery } from '@/lib/pam/schemas';
import { listActiveElevations } from '@/lib/pam/requests';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:read',
  query: ZListElevationRequestsQuery.omit({ status: true }),
  summary: 'List active elevations',
  description: 'Needs `pam:read`. Approved elevations whose `expiresAt` is still ahead (status `approved`), newest first; the filters of `GET /pam/elevation-requests` apply.',
  tags: ['PAM'],
  response: ZPageOf(ZElevationRequest),
  handler: ({ ctx, query }) => listActiveElevations(ctx, query),
});
