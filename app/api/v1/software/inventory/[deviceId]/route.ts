// GET /api/v1/software/inventory/:deviceId — one device's installed packages.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceInventoryParams, ZDeviceSoftwareList, ZDeviceSoftwareQuery } from '@/lib/software/schemas';
import { listDeviceSoftware } from '@/lib/software/list-device-software';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceInventoryParams,
  query: ZDeviceSoftwareQuery,
  summary: 'List a device’s installed software',
  description: 'The packages of the device’s last inventory, by name. `uninstallSupported` says whether the uninstall route works for it (Linux agents). A device outside your scope answers 404.',
  tags: ['Software'],
  response: ZDeviceSoftwareList,
  handler: ({ ctx, params, query }) => listDeviceSoftware(ctx, params.deviceId, query),
});
