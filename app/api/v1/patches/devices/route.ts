// GET /api/v1/patches/devices — patches by device.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZDevicePatch, ZListDevicePatchesQuery } from '@/lib/patches/schemas';
import { listDevicePatches } from '@/lib/patches/list-device-patches';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  query: ZListDevicePatchesQuery,
  summary: 'List patches by device',
  description: 'One row per patch per device in scope, ordered by device then severity. Superseded rows are left out unless `status=superseded`.',
  tags: ['Patches'],
  response: ZPageOf(ZDevicePatch),
  handler: ({ ctx, query }) => listDevicePatches(ctx, query),
});
