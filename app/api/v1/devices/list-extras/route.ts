// GET /api/v1/devices/list-extras — site names and open-alert counts for the devices of a list page.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceListExtras, ZDeviceListExtrasQuery } from '@/lib/devices/schemas';
import { getDeviceListExtras } from '@/lib/devices/get-device-list-extras';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZDeviceListExtrasQuery,
  summary: 'Site and open alerts of listed devices',
  description: [
    'For the `deviceIds` of one list page (1 to 500): each device’s `siteName` and its open alerts (active, acknowledged or suppressed): `openAlertCount` and `highestSeverity` (null when none).',
    'A separate read so the device list itself stays a single index walk. Devices outside your scope, or that do not exist, are left out of `data`. Without `alerts:read` the alert fields are null.',
  ].join('\n\n'),
  tags: ['Devices'],
  response: ZDeviceListExtras,
  handler: ({ ctx, query }) => getDeviceListExtras(ctx, query.deviceIds),
});
