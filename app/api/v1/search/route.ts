// GET /api/v1/search — the console's global search over devices, organizations, users and alerts.
import { defineRoute } from '@/lib/http/define-route';
import { ZSearchQuery, ZSearchResult } from '@/lib/search/schemas';
import { search } from '@/lib/search/search';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  query: ZSearchQuery,
  summary: 'Search',
  description: [
    'Case-insensitive substring search over devices (hostname, display name, last user), organizations (name, slug), users (name, email), alerts (title) and scripts (name).',
    'Each type is searched only when the caller holds its read permission (`devices:read`, `orgs:read`, `users:read`, `alerts:read`, `scripts:read`) and only inside the caller\'s scope (organization access applies); `searched` lists the types actually searched. Types whose domain is not deployed on this server are skipped.',
    '`limit` results per type (default 5, max 25), grouped by type. Decommissioned devices, deleted organizations and users, and dismissed alerts are not found.',
  ].join('\n\n'),
  tags: ['Search'],
  response: ZSearchResult,
  handler: ({ ctx, query }) => search(ctx, query),
});
