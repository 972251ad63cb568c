// GET /api/v1/system-tools/devices/:deviceId/tasks — the device's scheduled tasks, live from its agent.
import { defineRoute } from '@/lib/http/define-route';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { ZTaskList } from '@/lib/system-tools/task-schemas';
import { listDeviceTasks } from '@/lib/system-tools/tasks';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZSystemToolDeviceParams,
  summary: 'List a device’s scheduled tasks',
  description: [
    'Tasks are systemd timers (`/systemd/<name>.timer`) and cron jobs (`/cron/<file>:<line>`, e.g. `/cron/etc/crontab:12`) on Linux; the path is one URL-encoded segment. Timers come with their schedule, next and last run and result; cron jobs (from /etc/crontab, /etc/cron.d and the users’ crontabs) with their schedule, user and command, and whether they are enabled (a job disabled here is commented out with a marker).',
    'Timers are listed only where systemd runs (`sources.systemd`); cron jobs are read from their files on any Linux device. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  ].join('\n\n'),
  tags: ['System tools'],
  response: ZTaskList,
  errors: [409, 422],
  handler: ({ ctx, params }) => listDeviceTasks(ctx, params.deviceId),
});
