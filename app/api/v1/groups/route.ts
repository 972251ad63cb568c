// /api/v1/groups — device groups (static or dynamic).
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateGroup, ZGroup, ZListGroupsQuery } from '@/lib/device-groups/schemas';
import { listGroups } from '@/lib/device-groups/list-groups';
import { createGroup } from '@/lib/device-groups/create-group';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListGroupsQuery,
  summary: 'List device groups',
  tags: ['Device groups'],
  response: ZPageOf(ZGroup),
  handler: ({ ctx, query }) => listGroups(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  body: ZCreateGroup,
  status: 201,
  summary: 'Create a device group',
  description: [
    'A group belongs to one organization (`orgId`, optional for a single-organization partner) and optionally one site.',
    '**static**: members are added and removed by hand (`deviceIds` for initial members). **dynamic**: members are the devices matching `rules` — `{ match: "all"|"any", conditions: [{ field, op, value }] }` over `osType`, `status`, `siteId` (eq, neq, in), `tags` (has, lacks), `hostname` (eq, contains, starts_with, ends_with, matches with a `*`/`?` glob), `osVersion`, `agentVersion`, `lastSeen` (within_minutes, older_than_minutes) — plus include pins, minus exclude pins. Membership is evaluated at once, when devices change and every 5 minutes; each join and leave is logged with its reason.',
  ].join('\n\n'),
  tags: ['Device groups'],
  response: ZGroup,
  handler: ({ ctx, body }) => createGroup(ctx, body),
});
