// POST /api/v1/system-tools/devices/:deviceId/tasks/:path/run — run a scheduled task now.
import { defineRoute } from '@/lib/http/define-route';
import { ZTaskRunResult, ZTaskParams } from '@/lib/system-tools/task-schemas';
import { runDeviceTask } from '@/lib/system-tools/tasks';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZTaskParams,
  summary: 'Run a scheduled task now',
  description: 'Starts the task at once, outside its schedule: a timer’s unit is started (`systemctl start --no-block`), a cron job’s command runs as its user with the crontab’s variables, the way cron would. Answers once it started; the outcome shows in the history. Needs `devices:execute`; audited as `device.task.run`. 404 `TASK_NOT_FOUND`; 422 `UNSUPPORTED_ON_PLATFORM` for a timer without systemd, 422 `AGENT_OPERATION_FAILED` when the device refuses (details.agentCode). Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZTaskRunResult,
  errors: [409, 422],
  handler: ({ ctx, params }) => runDeviceTask(ctx, params.deviceId, params.path),
});
