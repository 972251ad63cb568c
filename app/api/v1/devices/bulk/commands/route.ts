// POST /api/v1/devices/bulk/commands — one command to many devices, partial success.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkCommandInput, ZBulkCommandResponse } from '@/lib/devices/command-schemas';
import { bulkCreateCommands } from '@/lib/devices/bulk-create-commands';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  body: ZBulkCommandInput,
  summary: 'Send a command to many devices',
  description:
    'Body: `deviceIds` (1–1,000) plus the command (`type`, `payload`) as for one device. Answers 200 with three arrays: `commands` (queued), `skipped` (`ALREADY_PENDING` refresh_inventory, `DEVICE_INACTIVE`) and `failed` (`NOT_FOUND`: missing or outside your scope). One device failing never fails the others.',
  tags: ['Devices'],
  response: ZBulkCommandResponse,
  handler: ({ ctx, body }) => bulkCreateCommands(ctx, body),
});
