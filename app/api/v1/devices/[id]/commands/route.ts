// /api/v1/devices/:id/commands — queue a command for a device; list its commands.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZDeviceIdParams } from '@/lib/devices/schemas';
import { ZCommand, ZCommandInput, ZListCommandsQuery } from '@/lib/devices/command-schemas';
import { createDeviceCommand } from '@/lib/devices/create-device-command';
import { listDeviceCommands } from '@/lib/devices/list-device-commands';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZDeviceIdParams,
  body: ZCommandInput,
  status: 201,
  summary: 'Send a command to a device',
  description: [
    'Queues the command; the agent claims it with its next heartbeat (status pending → sent) and posts the result (completed, failed or timed_out).',
    'Types: `refresh_inventory` (a second one while one is pending: 409 `ALREADY_PENDING`), `run_script` (`interpreter` bash|sh|python|powershell|cmd, `script` up to 256 KB, `timeoutSeconds` default 300 max 3600, `args`, `env`), `reboot` and `shutdown` (`delaySeconds`; agents only run them when started with --allow-reboot / --allow-shutdown), `self_uninstall` (also needs `devices:write`).',
    'An uninstalled device answers 409 `DEVICE_INACTIVE`. A provisioned device keeps commands until its agent enrolls.',
  ].join('\n\n'),
  tags: ['Devices'],
  response: ZCommand,
  handler: ({ ctx, params, body }) => createDeviceCommand(ctx, params.id, body),
});

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  query: ZListCommandsQuery,
  summary: 'List a device’s commands',
  description: 'Newest first, with status, exit code and captured output (each stream capped at COMMAND_OUTPUT_MAX_BYTES, default 256 KiB; `truncated` says when it was cut).',
  tags: ['Devices'],
  response: ZPageOf(ZCommand),
  handler: ({ ctx, params, query }) => listDeviceCommands(ctx, params.id, query),
});
