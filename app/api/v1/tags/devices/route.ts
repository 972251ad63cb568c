// GET /api/v1/tags/devices — devices carrying given tags.
import { defineRoute } from '@/lib/http/define-route';
import { ZTaggedDevices, ZTaggedDevicesQuery } from '@/lib/tags/schemas';
import { listTaggedDevices } from '@/lib/tags/list-tagged-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZTaggedDevicesQuery,
  summary: 'List devices by tag',
  description: '`tags` (comma-separated or repeated) with `match=any` (default) or `all`; page mode.',
  tags: ['Tags'],
  response: ZTaggedDevices,
  handler: ({ ctx, query }) => listTaggedDevices(ctx, query),
});
