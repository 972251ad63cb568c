// GET /api/v1/system-tools/devices/:deviceId/processes — the device's processes, live from its agent.
import { defineRoute } from '@/lib/http/define-route';
import { ZProcessList, ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { listDeviceProcesses } from '@/lib/system-tools/processes';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZSystemToolDeviceParams,
  summary: 'List a device’s processes',
  description: [
    'Asked of the device’s agent over its live channel, so the list is current (not the last heartbeat): pid, parent, name, user, state, CPU over a 250 ms sample, resident memory, threads, start time and command line, ordered by pid. Linux agents read /proc.',
    'Errors: 409 `AGENT_OFFLINE` when the device has no open agent channel; 504 `AGENT_TIMEOUT` when the agent does not answer within AGENT_CHANNEL_REQUEST_TIMEOUT_SECONDS (default 15); 422 `UNSUPPORTED_ON_PLATFORM` when the agent cannot do this on its operating system; 409 `DEVICE_INACTIVE` for a decommissioned or uninstalled device; 502 `AGENT_BAD_RESPONSE` when the agent answers outside this contract.',
  ].join('\n\n'),
  tags: ['System tools'],
  response: ZProcessList,
  handler: ({ ctx, params }) => listDeviceProcesses(ctx, params.deviceId),
});
