// POST /api/v1/automations/:id/trigger — fire the automation as its trigger would.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAutomationRun, ZTriggerAutomation } from '@/lib/automations/schemas';
import { triggerAutomation } from '@/lib/automations/start-run';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'automations:manage',
  params: ZIdParams,
  body: ZTriggerAutomation,
  status: 202,
  summary: 'Fire an automation’s trigger',
  description: [
    'Needs `automations:manage`. Starts a run exactly as the trigger would have: **the trigger and the conditions apply**, unlike `POST /automations/:id/run`.',
    '`schedule` and `manual` triggers act on the automation’s `targets` (no body). `event` and `alert` triggers need `event: { type?, data }`: the event must match the trigger (its type and filter, or rule and severity) else 409 `EVENT_NOT_MATCHED`; the run acts on the event’s `data.deviceId` when it names a device of the organization.',
    'A disabled automation is refused (409 `AUTOMATION_DISABLED`). The loop guard applies: a run it stops is answered `suppressed` with its reason. The answer is the new run (`pending`); a worker job executes it.',
  ].join('\n\n'),
  tags: ['Automations'],
  response: ZAutomationRun,
  handler: ({ ctx, params, body }) => triggerAutomation(ctx, params.id, body),
});
