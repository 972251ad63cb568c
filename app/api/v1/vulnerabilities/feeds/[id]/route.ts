// DELETE /api/v1/vulnerabilities/feeds/:id — remove a feed and its advisories.
import { defineRoute } from '@/lib/http/define-route';
import { ZFeedParams } from '@/lib/vulnerabilities/schemas';
import { deleteFeed } from '@/lib/vulnerabilities/feeds';

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system'],
  params: ZFeedParams,
  summary: 'Delete a vulnerability feed',
  description: 'Platform administrators only. The feed’s advisories (or KEV entries) go with it; findings they alone produced are resolved by the recomputation of their packages that follows.',
  tags: ['Vulnerabilities'],
  handler: ({ params }) => deleteFeed(params.id),
});
