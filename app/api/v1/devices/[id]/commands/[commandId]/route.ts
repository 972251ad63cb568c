// GET /api/v1/devices/:id/commands/:commandId — one command with its result.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceCommandParams } from '@/lib/devices/schemas';
import { ZCommand } from '@/lib/devices/command-schemas';
import { getDeviceCommand } from '@/lib/devices/list-device-commands';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceCommandParams,
  summary: 'Get a command and its result',
  tags: ['Devices'],
  response: ZCommand,
  handler: ({ ctx, params }) => getDeviceCommand(ctx, params.id, params.commandId),
});
