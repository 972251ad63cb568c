// POST /api/v1/devices/provision — pre-create one device before its agent enrolls.
import { defineRoute } from '@/lib/http/define-route';
import { ZProvisionDevice, ZProvisionResponse } from '@/lib/devices/schemas';
import { provisionDevice } from '@/lib/devices/provision-device';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:write',
  mfa: true,
  body: ZProvisionDevice,
  status: 201,
  summary: 'Provision a device',
  description:
    'Creates one device row (status `pending`) and returns a single-use enrollment payload: an enrollment key (maxUsage 1) bound to that row, so the agent that enrolls with it fills this device instead of creating a new one. One device per call. The key and any per-key secret are shown once.',
  tags: ['Devices'],
  response: ZProvisionResponse,
  handler: ({ ctx, body }) => provisionDevice(ctx, body),
});
