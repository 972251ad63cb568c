// /api/v1/filters — saved device filters: named rule trees over device fields, private to their
// owner or shared with the partner, applied to the device list (`GET /devices?filterId=`).
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateFilter, ZListFiltersQuery, ZSavedFilter } from '@/lib/filters/schemas';
import { listFilters } from '@/lib/filters/list-filters';
import { createFilter } from '@/lib/filters/create-filter';
import { FILTER_GRAMMAR_DOC } from '@/lib/device-filters/grammar-doc';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'filters:read',
  query: ZListFiltersQuery,
  summary: 'List saved filters',
  description:
    'Needs `filters:read`. The caller’s own filters and the shared ones of its partner, by name: partner-wide ones and those of organizations the caller sees (organization-scoped callers: their organization’s only). Another user’s private filter is never listed. Filters: `visibility`, `mine`, `orgId`, `search` (name).',
  tags: ['Saved filters'],
  response: ZPageOf(ZSavedFilter),
  handler: ({ ctx, query }) => listFilters(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'filters:manage',
  body: ZCreateFilter,
  status: 201,
  summary: 'Save a filter',
  description: [
    'Needs `filters:manage`. The caller owns the new filter; `visibility` `private` (default) keeps it to the caller, `shared` shows it to everyone of the partner who sees its organization. `orgId` limits it to one organization’s devices (404 when the caller does not see that organization). Names are unique among one owner’s filters (409 `FILTER_NAME_TAKEN`).',
    FILTER_GRAMMAR_DOC,
  ].join('\n\n'),
  tags: ['Saved filters'],
  response: ZSavedFilter,
  handler: ({ ctx, body }) => createFilter(ctx, body),
});
