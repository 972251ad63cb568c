// GET /api/v1/devices/:id/inventory — the last inventory the agent reported.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceIdParams, ZDeviceInventory } from '@/lib/devices/schemas';
import { getDeviceInventory } from '@/lib/devices/get-device-inventory';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  summary: 'Get a device’s inventory',
  description: 'Hardware, OS, disks, network interfaces and installed software as last reported (`collectedAt` null until the agent reported). Send a `refresh_inventory` command for a fresh one.',
  tags: ['Devices'],
  response: ZDeviceInventory,
  handler: ({ ctx, params }) => getDeviceInventory(ctx, params.id),
});
