// POST /api/v1/mobile/devices/:id/actions — send a device action from the phone.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCommand } from '@/lib/devices/command-schemas';
import { ZMobileAction } from '@/lib/mobile/schemas';
import { runMobileAction } from '@/lib/mobile/mobile-devices';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZIdParams,
  body: ZMobileAction,
  status: 201,
  summary: 'Run a device action',
  description: 'The command catalogue of POST /devices/:id/commands (`refresh_inventory`, `run_script`, `reboot`, `shutdown`) with its permissions, validation and answers (409 `ALREADY_PENDING`, 409 `DEVICE_INACTIVE`); uninstalling the agent is not offered here. Answers the queued command.',
  tags: ['Mobile'],
  response: ZCommand,
  handler: ({ ctx, params, body }) => runMobileAction(ctx, params.id, body),
});
