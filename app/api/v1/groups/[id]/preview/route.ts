// POST /api/v1/groups/:id/preview — dynamic membership preview (writes nothing).
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPreviewBody, ZPreviewQuery, ZPreviewResponse } from '@/lib/device-groups/schemas';
import { previewGroup } from '@/lib/device-groups/preview-group';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  query: ZPreviewQuery,
  body: ZPreviewBody,
  summary: 'Preview a dynamic group’s membership',
  description: 'Evaluates `rules` (or the saved rules) with the group’s pins: how many devices would be members, the first `limit` of them, and who would join or leave compared with today. Nothing is saved.',
  tags: ['Device groups'],
  audit: false,
  response: ZPreviewResponse,
  handler: ({ ctx, params, body, query }) => previewGroup(ctx, params.id, body, query.limit),
});
