// /api/v1/devices/:id — one device: read, edit, decommission.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZDevice, ZDeviceIdParams, ZUpdateDevice } from '@/lib/devices/schemas';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { toDeviceDto } from '@/lib/devices/to-device-dto';
import { updateDevice } from '@/lib/devices/update-device';
import { decommissionDevice } from '@/lib/devices/decommission-device';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  query: z.object({ includeDecommissioned: z.enum(['true', 'false']).optional().transform((v) => v === 'true') }),
  summary: 'Get a device',
  description: 'A decommissioned device answers 404 unless `includeDecommissioned=true`.',
  tags: ['Devices'],
  response: ZDevice,
  handler: async ({ ctx, params, query }) => toDeviceDto(await getDeviceOrThrow(ctx, params.id, undefined, { includeDecommissioned: query.includeDecommissioned })),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZDeviceIdParams,
  body: ZUpdateDevice,
  summary: 'Edit a device',
  description: 'Display name, tags (replaces the list) and site (another site of the same organization). Emits `device.updated`; dynamic groups re-evaluate the device.',
  tags: ['Devices'],
  response: ZDevice,
  handler: ({ ctx, params, body }) => updateDevice(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'devices:write',
  mfa: true,
  params: ZDeviceIdParams,
  summary: 'Decommission a device',
  description: 'The device is kept for history but hidden unless `includeDecommissioned`; its agent credential is revoked (401 `AGENT_REVOKED`), pending commands are cancelled and it leaves every group. Emits `device.decommissioned`.',
  tags: ['Devices'],
  handler: ({ ctx, params }) => decommissionDevice(ctx, params.id),
});
