// POST /api/v1/filters/:id/preview — the devices a saved filter matches now (writes nothing).
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZDevice } from '@/lib/devices/schemas';
import { ZPreviewFilterQuery } from '@/lib/filters/schemas';
import { previewSavedFilter } from '@/lib/filters/preview-filter';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'filters:read',
  params: ZIdParams,
  query: ZPreviewFilterQuery,
  summary: 'Preview a saved filter',
  description:
    'Needs `filters:read`. The devices the saved filter matches among those the caller sees (decommissioned ones excluded; of its organization when it has one): a page by hostname (`page`, `limit`) and their total in `pagination.total`. 404 when the caller does not see the filter.',
  tags: ['Saved filters'],
  audit: false,
  response: ZPageOf(ZDevice),
  handler: ({ ctx, params, query }) => previewSavedFilter(ctx, params.id, query),
});
