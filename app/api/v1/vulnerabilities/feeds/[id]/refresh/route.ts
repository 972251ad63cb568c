// POST /api/v1/vulnerabilities/feeds/:id/refresh — fetch a feed's URL now.
import { defineRoute } from '@/lib/http/define-route';
import { ZFeedLoad, ZFeedParams } from '@/lib/vulnerabilities/schemas';
import { refreshFeed } from '@/lib/vulnerabilities/feeds';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system'],
  params: ZFeedParams,
  summary: 'Refresh a vulnerability feed',
  description: 'Platform administrators only. Fetches the feed’s URL now (same rules as the scheduled refresh) and loads it. 409 `FEED_HAS_NO_URL`; 400 `FEED_FETCH_FAILED` with the reason, also kept in the feed’s `lastError`.',
  tags: ['Vulnerabilities'],
  response: ZFeedLoad,
  handler: ({ params }) => refreshFeed(params.id),
});
