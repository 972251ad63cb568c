// POST /api/v1/maintenance/windows/:id/cancel — stop a window's future occurrences.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZWindow } from '@/lib/maintenance/schemas';
import { cancelWindow } from '@/lib/maintenance/cancel-window';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Cancel a maintenance window',
  description:
    'Needs `devices:write`. The window becomes `cancelled` and every occurrence that has not started becomes `cancelled`; one in progress runs to its end (end it with `POST /maintenance/occurrences/:id/end`). 409 `WINDOW_CANCELLED` when already cancelled.',
  tags: ['Maintenance'],
  response: ZWindow,
  handler: ({ ctx, params }) => cancelWindow(ctx, params.id),
});
