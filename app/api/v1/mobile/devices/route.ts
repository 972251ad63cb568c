// GET /api/v1/mobile/devices — the phone's device list: compact rows with open-alert counts.
import { defineRoute } from '@/lib/http/define-route';
import { ZMobileDevicePage, ZMobileDevicesQuery } from '@/lib/mobile/schemas';
import { listMobileDevices } from '@/lib/mobile/mobile-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZMobileDevicesQuery,
  summary: 'Mobile device list',
  description: 'Devices the caller sees, by hostname (default 25, max 100), each with its status, last contact and number of open (active or acknowledged) alerts. Filters: `search` (hostname or display name), `status`, `orgId`.',
  tags: ['Mobile'],
  response: ZMobileDevicePage,
  handler: ({ ctx, query }) => listMobileDevices(ctx, query),
});
