// POST /api/v1/system-tools/devices/:deviceId/tasks/:path/enable — enable a scheduled task.
import { defineRoute } from '@/lib/http/define-route';
import { ZTaskDetail, ZTaskParams } from '@/lib/system-tools/task-schemas';
import { setDeviceTaskEnabled } from '@/lib/system-tools/tasks';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZTaskParams,
  summary: 'Enable a scheduled task',
  description: 'A timer is enabled and started (`systemctl enable --now`); a cron job disabled here gets its line back. Needs `devices:execute`; audited as `device.task.enable`. Answers the task as it is afterwards. 404 `TASK_NOT_FOUND`; 422 `UNSUPPORTED_ON_PLATFORM` for a timer without systemd, 422 `AGENT_OPERATION_FAILED` when the device refuses (details.agentCode). Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZTaskDetail,
  errors: [409, 422],
  handler: ({ ctx, params }) => setDeviceTaskEnabled(ctx, params.deviceId, params.path, true),
});
