// GET /api/v1/tags — device tags in scope with their device counts.
import { defineRoute } from '@/lib/http/define-route';
import { ZListTagsQuery, ZTagList } from '@/lib/tags/schemas';
import { listTags } from '@/lib/tags/list-tags';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListTagsQuery,
  summary: 'List device tags',
  description: 'Every tag on devices you can see (decommissioned excluded), with the number of devices carrying it. Tags are set with PATCH /devices/:id.',
  tags: ['Tags'],
  response: ZTagList,
  handler: ({ ctx, query }) => listTags(ctx, query),
});
