// GET /api/v1/system-tools/devices/:deviceId/tasks/:path — one scheduled task.
import { defineRoute } from '@/lib/http/define-route';
import { ZTaskDetail, ZTaskParams } from '@/lib/system-tools/task-schemas';
import { getDeviceTask } from '@/lib/system-tools/tasks';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZTaskParams,
  summary: 'Get one scheduled task of a device',
  description: 'Tasks are systemd timers (`/systemd/<name>.timer`) and cron jobs (`/cron/<file>:<line>`, e.g. `/cron/etc/crontab:12`) on Linux; the path is one URL-encoded segment. Adds the description, the unit a timer starts or the crontab file of a job, and the definition (unit file, or the job’s line). 404 `TASK_NOT_FOUND`; 422 `UNSUPPORTED_ON_PLATFORM` for a timer without systemd. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZTaskDetail,
  errors: [409, 422],
  handler: ({ ctx, params }) => getDeviceTask(ctx, params.deviceId, params.path),
});
