// GET /api/v1/system-tools/devices/:deviceId/processes/:pid — one process, live from the agent.
import { defineRoute } from '@/lib/http/define-route';
import { ZProcess, ZProcessParams } from '@/lib/system-tools/schemas';
import { getDeviceProcess } from '@/lib/system-tools/processes';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZProcessParams,
  summary: 'Get one process of a device',
  description:
    'The process as the agent sees it now (same fields as the list). 404 `PROCESS_NOT_FOUND` when no such pid runs on the device; channel errors as on the list (409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 422 `UNSUPPORTED_ON_PLATFORM`).',
  tags: ['System tools'],
  response: ZProcess,
  handler: ({ ctx, params }) => getDeviceProcess(ctx, params.deviceId, params.pid),
});
