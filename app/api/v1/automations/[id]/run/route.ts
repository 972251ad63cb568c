// POST /api/v1/automations/:id/run — run the actions now on the devices given.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAutomationRun, ZRunAutomation } from '@/lib/automations/schemas';
import { runAutomationNow } from '@/lib/automations/start-run';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'automations:manage',
  params: ZIdParams,
  body: ZRunAutomation,
  status: 202,
  summary: 'Run an automation’s actions now',
  description: [
    'Needs `automations:manage`. Runs the ordered actions on the devices given (`deviceIds` and the members of `groupIds`, all of the automation’s organization, else 400 `REF_NOT_FOUND`), **bypassing the trigger and the conditions**: the operator chose the targets. Works on a disabled automation too.',
    'When an action acts on devices, at least one device is needed (400 `NO_TARGETS`). The loop guard’s rate limit applies. The answer is the new run (`pending`, source `run`); a worker job executes it. Compare `POST /automations/:id/trigger`, which fires the trigger with its event and conditions.',
  ].join('\n\n'),
  tags: ['Automations'],
  response: ZAutomationRun,
  handler: ({ ctx, params, body }) => runAutomationNow(ctx, params.id, body),
});
