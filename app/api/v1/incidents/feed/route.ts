// GET /api/v1/incidents/feed — tracked incidents and not-yet-promoted EDR findings, one list.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZFeedQuery, ZFeedRow } from '@/lib/incidents/schemas';
import { listIncidentFeed } from '@/lib/incidents/list-feed';
import { FEED_DOC } from '@/lib/incidents/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZFeedQuery,
  summary: 'Incident response feed',
  description: FEED_DOC,
  tags: ['Incidents'],
  response: ZPageOf(ZFeedRow),
  handler: ({ ctx, query }) => listIncidentFeed(ctx, query),
});
