// POST /api/v1/system-tools/devices/:deviceId/services/:name/start — start a service through the agent.
import { defineRoute } from '@/lib/http/define-route';
import { ZServiceDetail, ZServiceParams } from '@/lib/system-tools/schemas';
import { controlDeviceService } from '@/lib/system-tools/services';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZServiceParams,
  summary: 'Start a service on a device',
  description:
    'Runs `systemctl start` for the unit on the device and answers the service as it is afterwards (its activeState says whether it worked: a unit that fails to start answers 422 `AGENT_OPERATION_FAILED` with systemctl’s message). Needs `devices:execute`. Audited as `device.service.start`. 404 `SERVICE_NOT_FOUND`; 422 `UNSUPPORTED_ON_PLATFORM` without systemd; 409 `AGENT_OFFLINE`; 504 `AGENT_TIMEOUT`.',
  tags: ['System tools'],
  response: ZServiceDetail,
  handler: ({ ctx, params }) => controlDeviceService(ctx, params.deviceId, params.name, 'start'),
});
