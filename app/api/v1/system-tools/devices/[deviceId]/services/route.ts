// GET /api/v1/system-tools/devices/:deviceId/services — the device's services, live from its agent.
import { defineRoute } from '@/lib/http/define-route';
import { ZServiceList, ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { listDeviceServices } from '@/lib/system-tools/services';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZSystemToolDeviceParams,
  summary: 'List a device’s services',
  description: [
    'Every service unit systemd knows on the device (loaded ones with their load, active and sub state; installed but unloaded ones as `not-loaded`), with the unit-file state (enabled, disabled, static, masked), ordered by name.',
    'A Linux device without a running systemd (a container, an OpenRC system) and other operating systems answer 422 `UNSUPPORTED_ON_PLATFORM` with the reason. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`.',
  ].join('\n\n'),
  tags: ['System tools'],
  response: ZServiceList,
  handler: ({ ctx, params }) => listDeviceServices(ctx, params.deviceId),
});
