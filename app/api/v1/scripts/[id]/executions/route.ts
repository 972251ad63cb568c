// GET /api/v1/scripts/:id/executions
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZScriptIdParams } from '@/lib/scripts/schemas';
import { ZExecution, ZListExecutionsQuery } from '@/lib/scripts/executions/schemas';
import { listScriptExecutions } from '@/lib/scripts/executions/read-executions';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  params: ZScriptIdParams,
  query: ZListExecutionsQuery,
  summary: 'List a script’s executions',
  description: 'Newest first; executions on devices you can see. Filters `status` (pending, running, completed, failed, timed_out, cancelled) and `deviceId`.',
  tags: ['Scripts'],
  response: ZPageOf(ZExecution),
  handler: ({ ctx, params, query }) => listScriptExecutions(ctx, params.id, query),
});
