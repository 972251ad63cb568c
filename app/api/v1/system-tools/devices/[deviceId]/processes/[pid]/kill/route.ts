// POST /api/v1/system-tools/devices/:deviceId/processes/:pid/kill — signal a process.
import { defineRoute } from '@/lib/http/define-route';
import { ZKillInput, ZKillResult, ZProcessParams } from '@/lib/system-tools/schemas';
import { killDeviceProcess } from '@/lib/system-tools/processes';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZProcessParams,
  body: ZKillInput,
  summary: 'Kill a process on a device',
  description: [
    'Sends `signal` (default SIGTERM; SIGKILL, SIGINT, SIGHUP, SIGQUIT, SIGSTOP, SIGCONT, SIGUSR1, SIGUSR2) to the process through the device’s agent and answers once it was delivered (the process may take its time to exit). Needs `devices:execute` and a completed MFA challenge; audited as `device.process.kill` with the pid and signal.',
    'Errors: 404 `PROCESS_NOT_FOUND`; 422 `AGENT_OPERATION_FAILED` when the agent refuses (pid 1, the agent itself, or a process of another user it may not signal: details.agentCode `OPERATION_NOT_PERMITTED` / `OPERATION_REFUSED`); 409 `AGENT_OFFLINE`; 504 `AGENT_TIMEOUT`; 422 `UNSUPPORTED_ON_PLATFORM`.',
  ].join('\n\n'),
  tags: ['System tools'],
  response: ZKillResult,
  handler: ({ ctx, params, body }) => killDeviceProcess(ctx, params.deviceId, params.pid, body.signal),
});
