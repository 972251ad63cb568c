// /api/v1/filters/:id — one saved filter.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSavedFilter, ZUpdateFilter } from '@/lib/filters/schemas';
import { getFilter } from '@/lib/filters/get-filter';
import { updateFilter } from '@/lib/filters/update-filter';
import { deleteFilter } from '@/lib/filters/delete-filter';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'filters:read',
  params: ZIdParams,
  summary: 'Get a saved filter',
  description: 'Needs `filters:read`. 404 for another partner’s filter, another user’s private filter and a filter of an organization the caller does not see.',
  tags: ['Saved filters'],
  response: ZSavedFilter,
  handler: ({ ctx, params }) => getFilter(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'filters:manage',
  params: ZIdParams,
  body: ZUpdateFilter,
  summary: 'Edit a saved filter',
  description:
    'Needs `filters:manage`. Rename it, change its description, rules (replaced as a whole) or visibility. Anyone who sees a shared filter can edit it; only its owner can make it private (else 403 `FILTER_NOT_OWNER`). Names are unique among one owner’s filters (409 `FILTER_NAME_TAKEN`).',
  tags: ['Saved filters'],
  response: ZSavedFilter,
  handler: ({ ctx, params, body }) => updateFilter(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'filters:manage',
  params: ZIdParams,
  summary: 'Delete a saved filter',
  description: 'Needs `filters:manage`. Anyone who sees a shared filter can delete it. Deployments that targeted it keep the devices they resolved.',
  tags: ['Saved filters'],
  handler: ({ ctx, params }) => deleteFilter(ctx, params.id),
});
