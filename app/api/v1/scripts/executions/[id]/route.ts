// GET /api/v1/scripts/executions/:id
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZExecution } from '@/lib/scripts/executions/schemas';
import { getExecution } from '@/lib/scripts/executions/read-executions';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  params: ZIdParams,
  summary: 'Get a script execution',
  description: 'Status (pending → running once the agent claimed it → completed, failed, timed_out or cancelled), exit code, stdout/stderr (each capped at COMMAND_OUTPUT_MAX_BYTES; `truncated`), duration, the severity its exit code maps to and the outcome of custom-field output lines.',
  tags: ['Scripts'],
  response: ZExecution,
  handler: ({ ctx, params }) => getExecution(ctx, params.id),
});
