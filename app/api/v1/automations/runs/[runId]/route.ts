// GET /api/v1/automations/runs/:runId — one run with its per-action, per-device outcomes.
import { defineRoute } from '@/lib/http/define-route';
import { ZAutomationRun, ZRunIdParams } from '@/lib/automations/schemas';
import { getAutomationRun } from '@/lib/automations/start-run';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'automations:read',
  params: ZRunIdParams,
  summary: 'Get an automation run',
  description: 'Needs `automations:read`. The run with every step: action index and type, device (null for once-per-run actions), `succeeded`/`failed`/`skipped`/`pending`, what it produced (`result`) and why it failed (`error`). A suppressed run has no steps and names the loop guard in `reason`.',
  tags: ['Automations'],
  response: ZAutomationRun,
  handler: ({ ctx, params }) => getAutomationRun(ctx, params.runId),
});
