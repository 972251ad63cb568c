// POST /api/v1/scripts/executions/:id/cancel
import { defineRoute, jsonResponse } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZExecution } from '@/lib/scripts/executions/schemas';
import { cancelExecution } from '@/lib/scripts/executions/cancel-execution';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:execute',
  params: ZIdParams,
  audit: 'script.execution_cancel',
  summary: 'Cancel a script execution',
  description: 'Pending (the agent has not claimed it): cancelled at once, 200. Running: the agent is told to kill it (a `cancel_command` on the device’s queue), 202 with `cancelRequested: true`; the execution turns `cancelled` when the agent reports the kill (or `completed` if the script finished first). Finished: 409 `EXECUTION_FINISHED`.',
  tags: ['Scripts'],
  response: ZExecution,
  handler: async ({ ctx, params }) => {
    const { status, execution } = await cancelExecution(ctx, params.id);
    return jsonResponse(execution, status);
  },
});
