// /api/v1/analytics/widgets/:id — one widget of a dashboard.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZUpdateWidget, ZWidget } from '@/lib/analytics/schemas';
import { updateWidget } from '@/lib/analytics/update-widget';
import { deleteWidget } from '@/lib/analytics/delete-widget';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:manage',
  params: ZIdParams,
  body: ZUpdateWidget,
  summary: 'Edit a dashboard widget',
  description: 'Needs `analytics:manage`. Fields given replace the stored ones (`query`, `options` and `position` as a whole); a new query is validated as on POST /analytics/query. A widget of a dashboard the caller cannot see answers 404.',
  tags: ['Analytics'],
  response: ZWidget,
  handler: ({ ctx, params, body }) => updateWidget(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:manage',
  params: ZIdParams,
  summary: 'Delete a dashboard widget',
  description: 'Needs `analytics:manage`.',
  tags: ['Analytics'],
  handler: ({ ctx, params }) => deleteWidget(ctx, params.id),
});
