// GET /api/v1/software/inventory/devices — the devices having one package.
import { defineRoute } from '@/lib/http/define-route';
import { ZListPackageDevicesQuery, ZPackageDeviceList } from '@/lib/software/schemas';
import { listPackageDevices } from '@/lib/software/list-package-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListPackageDevicesQuery,
  summary: 'List the devices having a package',
  description: 'The fleet view’s drill-down: devices in your scope with the package `name` installed (optionally one `vendor` and `version`), by hostname. Each row carries the `softwareId` to uninstall it.',
  tags: ['Software'],
  response: ZPackageDeviceList,
  handler: ({ ctx, query }) => listPackageDevices(ctx, query),
});
