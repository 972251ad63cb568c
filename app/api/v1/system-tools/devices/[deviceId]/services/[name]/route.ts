// GET /api/v1/system-tools/devices/:deviceId/services/:name — one service, live from the agent.
import { defineRoute } from '@/lib/http/define-route';
import { ZServiceDetail, ZServiceParams } from '@/lib/system-tools/schemas';
import { getDeviceService } from '@/lib/system-tools/services';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZServiceParams,
  summary: 'Get one service of a device',
  description:
    'The service’s states, main pid, when it last became active, unit file, user, restart policy and memory (when systemd accounts it). `name` takes `nginx` or `nginx.service`. 404 `SERVICE_NOT_FOUND` for an unknown unit; 422 `UNSUPPORTED_ON_PLATFORM` without systemd; 409 `AGENT_OFFLINE`; 504 `AGENT_TIMEOUT`.',
  tags: ['System tools'],
  response: ZServiceDetail,
  handler: ({ ctx, params }) => getDeviceService(ctx, params.deviceId, params.name),
});
