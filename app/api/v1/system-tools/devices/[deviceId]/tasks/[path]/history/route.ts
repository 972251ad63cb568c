// GET /api/v1/system-tools/devices/:deviceId/tasks/:path/history — past runs of a scheduled task.
import { defineRoute } from '@/lib/http/define-route';
import { ZTaskHistory, ZTaskHistoryQuery, ZTaskParams } from '@/lib/system-tools/task-schemas';
import { deviceTaskHistory } from '@/lib/system-tools/tasks';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZTaskParams,
  query: ZTaskHistoryQuery,
  summary: 'Get the run history of a scheduled task',
  description:
    'Newest first, at most `limit` (default 50): from the journal, systemd’s lines about the unit a timer starts (Starting…, Finished…, Failed…) and cron’s `CMD` lines for a job; plus the runs started with Run now while the agent has been running, with their exit code. `journal` is false when the device has no journal to read. 404 `TASK_NOT_FOUND`. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZTaskHistory,
  errors: [409, 422],
  handler: ({ ctx, params, query }) => deviceTaskHistory(ctx, params.deviceId, params.path, query.limit),
});
