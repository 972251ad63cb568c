// GET /api/v1/groups/:id/membership-log — every join and leave with its reason.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZMembershipLogEntry, ZMembershipLogQuery } from '@/lib/device-groups/schemas';
import { listMembershipLog } from '@/lib/device-groups/list-membership-log';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  query: ZMembershipLogQuery,
  summary: 'Group membership log',
  description: 'Newest first. Reasons: manual_add, manual_remove, rule_match, rule_unmatch, pin_include, pin_exclude, unpinned, device_moved, device_decommissioned.',
  tags: ['Device groups'],
  response: ZPageOf(ZMembershipLogEntry),
  handler: ({ ctx, params, query }) => listMembershipLog(ctx, params.id, query),
});
