// GET /api/v1/devices/:id/activity — the device's timeline, newest first.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceActivityPage, ZDeviceActivityQuery, ZDeviceIdParams } from '@/lib/devices/schemas';
import { listDeviceActivity } from '@/lib/devices/list-device-activity';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  query: ZDeviceActivityQuery,
  summary: 'List a device’s activity',
  description: [
    'One timeline merged from what already records the device’s history: commands (`command`), script runs (`script`), alerts raised, acknowledged and resolved (`alert`), audited changes such as edits, moves and custom-field writes (`change`), and presence events: enrolled, online, offline (`presence`).',
    'Newest first, cursor-paginated: pass `pagination.nextCursor` as `cursor` for the next page (null on the last). `kinds` narrows to some kinds. A device outside the caller’s scope answers 404; a decommissioned device’s history stays readable.',
  ].join('\n\n'),
  tags: ['Devices'],
  response: ZDeviceActivityPage,
  handler: ({ ctx, params, query }) => listDeviceActivity(ctx, params.id, query),
});
