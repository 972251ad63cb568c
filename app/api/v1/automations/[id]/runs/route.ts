// GET /api/v1/automations/:id/runs — the automation's run history.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZAutomationRun, ZListRunsQuery } from '@/lib/automations/schemas';
import { listAutomationRuns } from '@/lib/automations/start-run';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'automations:read',
  params: ZIdParams,
  query: ZListRunsQuery,
  summary: 'List an automation’s runs',
  description: 'Needs `automations:read`. Newest first, each with every action’s outcome per device (`steps`). Filter: `status` (`pending`, `running`, `completed`, `failed`, `suppressed`).',
  tags: ['Automations'],
  response: ZPageOf(ZAutomationRun),
  handler: ({ ctx, params, query }) => listAutomationRuns(ctx, params.id, query),
});
