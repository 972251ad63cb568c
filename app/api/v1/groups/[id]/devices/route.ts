// /api/v1/groups/:id/devices — members of a group; add devices to a static group.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { ZAddGroupDevices, ZAddGroupDevicesResponse, ZGroupDevice } from '@/lib/device-groups/schemas';
import { listGroupDevices } from '@/lib/device-groups/list-group-devices';
import { addGroupDevices } from '@/lib/device-groups/add-group-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  query: pageQuery(100, 1000),
  summary: 'List the devices of a group',
  description: 'Each device with how it is a member (`manual`, `rule` or `pin`), since when, and its pin if any.',
  tags: ['Device groups'],
  response: ZPageOf(ZGroupDevice),
  handler: ({ ctx, params, query }) => listGroupDevices(ctx, params.id, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZAddGroupDevices,
  summary: 'Add devices to a static group',
  description:
    'Per-device outcome: `added`, `skipped` (`ALREADY_MEMBER`, `NOT_IN_GROUP_SCOPE` for a device of another organization or site) and `failed` (`NOT_FOUND`). A dynamic group answers 409 `GROUP_IS_DYNAMIC`: pin devices instead.',
  tags: ['Device groups'],
  response: ZAddGroupDevicesResponse,
  handler: ({ ctx, params, body }) => addGroupDevices(ctx, params.id, body.deviceIds),
});
