// Automations (doc 1 "Scripts and automations"; events of doc 2). The spec names the endpoints
// and events; triggers, conditions, actions and runs are designed here and published in OpenAPI
// through these schemas.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { EVENT_TYPES } from '@/lib/events/catalogue';
import { ZCommandInput } from '@/lib/devices/command-schemas';
import { TICKET_PRIORITIES } from '@/lib/tickets/schemas';
import { cronError } from '@/lib/automations/cron';

export const TRIGGER_TYPES = ['schedule', 'event', 'alert', 'manual'] as const;
export const ACTION_TYPES = ['run_script', 'device_command', 'create_ticket', 'add_to_group', 'call_webhook', 'start_deployment', 'notify_channel'] as const;
export const RUN_STATUSES = ['pending', 'running', 'completed', 'failed', 'suppressed'] as const;
export const RUN_SOURCES = ['schedule', 'event', 'alert', 'manual', 'run'] as const;
/** `running`: a run_script step whose command is queued, until the agent's result (or the time-out) settles it. */
export const STEP_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'skipped'] as const;
export const DEVICE_STATUSES = ['online', 'offline', 'pending'] as const;
export const OS_TYPES = ['windows', 'macos', 'linux'] as const;
export const MAX_ACTIONS = 20;
export const MAX_TARGET_DEVICES = 500;
/** The loop guard: more runs than this of one automation on the same device (or, without devices, at all) within the window are suppressed. */
export const LOOP_GUARD_MAX_RUNS = 20;
export const LOOP_GUARD_WINDOW_MINUTES = 10;

const ZUuid = z.string().uuid();
const ZScalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const ZEventFilter = z
  .record(z.string().min(1).max(200).regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'A dot-separated path of names'), z.union([ZScalar, z.array(ZScalar).min(1).max(50)]))
  .refine((r) => Object.keys(r).length <= 20, 'At most 20 filter entries')
  .default({})
  .describe('`{ "<path in event data>": value | [values] }`: every entry must equal (or be one of) the event’s value; an array value in the event matches when it contains the value. Empty: every event of the type.');

export const ZTrigger = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('schedule'), cron: z.string().max(100).superRefine((v, c) => { const e = cronError(v); if (e) c.addIssue({ code: 'custom', message: e }); }).describe('Five-field cron (minute hour day-of-month month day-of-week), evaluated in the organization’s time zone (UTC when it has none)') }).strict(),
    z.object({ type: z.literal('event'), eventType: z.enum(EVENT_TYPES).describe('A type of the webhook event catalogue'), filter: ZEventFilter }).strict(),
    z.object({ type: z.literal('alert'), ruleId: ZUuid.nullable().default(null).describe('Fire for this alert rule only; null: any rule'), severities: z.array(z.enum(['critical', 'high', 'medium', 'low', 'info'])).max(5).default([]).describe('Fire for these severities only; empty: any') }).strict(),
    z.object({ type: z.literal('manual') }).strict(),
  ])
  .meta({ id: 'AutomationTrigger' });
export type TTrigger = z.output<typeof ZTrigger>;

const ZConditionsObject = z
  .object({
    osTypes: z.array(z.enum(OS_TYPES)).max(3).default([]).describe('Device OS is one of these'),
    statuses: z.array(z.enum(DEVICE_STATUSES)).max(3).default([]).describe('Device status is one of these (e.g. `online`)'),
    siteIds: z.array(ZUuid).max(100).default([]).describe('Device is in one of these sites'),
    tags: z.array(zText(100, 1)).max(20).default([]).describe('Device carries one of these tags'),
  })
  .strict()
  .meta({ id: 'AutomationConditions', description: 'Checked per device before the actions when the trigger fires; every non-empty list must contain the device’s value. `POST /automations/:id/run` skips them.' });
export const ZConditions = ZConditionsObject.default({ osTypes: [], statuses: [], siteIds: [], tags: [] });
export type TConditions = z.output<typeof ZConditions>;

const ZDeviceCommand = ZCommandInput.refine((c) => c.type !== 'self_uninstall' && c.type !== 'run_script', { message: 'Use the run_script action for scripts; self_uninstall is not available to automations' });

export const ZAction = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('run_script'), scriptId: ZUuid, parameters: z.record(z.string().max(100), z.string().max(4000)).default({}) }).strict(),
    z.object({ type: z.literal('device_command'), command: ZDeviceCommand }).strict(),
    z.object({ type: z.literal('create_ticket'), subject: zText(255, 1), description: zText(10_000).default(''), priority: z.enum(TICKET_PRIORITIES).default('p3') }).strict(),
    z.object({ type: z.literal('add_to_group'), groupId: ZUuid.describe('A static device group of the automation’s organization') }).strict(),
    z
      .object({
        type: z.literal('call_webhook'),
        url: z.string().min(1).max(2048).describe('An http(s) URL that passes the webhook address rules (no private, loopback or metadata targets)'),
        headers: z.record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'A header name'), z.string().max(1000)).refine((h) => Object.keys(h).length <= 10, 'At most 10 headers').default({}),
      })
      .strict(),
    z.object({ type: z.literal('start_deployment'), deploymentId: ZUuid.describe('A deployment of the automation’s organization; it must be `ready` when the action runs') }).strict(),
    z
      .object({
        type: z.literal('notify_channel'),
        channelId: ZUuid.describe('An alert channel of the partner, partner-wide or of the automation’s organization'),
        subject: zText(255).default('').describe('Subject (email) or title; empty: `[automation] {{automation}}`. Placeholders: {{automation}} {{automationId}} {{runId}} {{source}} {{eventType}} {{deviceId}} {{hostname}} {{devices}} {{link}}'),
        message: zText(4000).default('').describe('Body, with the same placeholders; empty: a summary of the run with a link to it'),
        severity: z.enum(['critical', 'high', 'medium', 'low', 'info']).default('info').describe('Colour (chat) and severity (paging) of the message'),
      })
      .strict(),
  ])
  .meta({ id: 'AutomationAction' });
export type TAction = z.output<typeof ZAction>;

/** Actions performed once per device; the others once per run. */
export const PER_DEVICE_ACTIONS = new Set<TAction['type']>(['run_script', 'device_command', 'add_to_group']);

const ZTargetsObject = z
  .object({
    deviceIds: z.array(ZUuid).max(MAX_TARGET_DEVICES).default([]),
    groupIds: z.array(ZUuid).max(50).default([]),
    siteIds: z.array(ZUuid).max(100).default([]),
  })
  .strict()
  .meta({ id: 'AutomationTargets', description: 'Devices of schedule and manual triggers (the union of the lists). Event and alert triggers act on the event’s `deviceId`.' });
export const ZTargets = ZTargetsObject.default({ deviceIds: [], groupIds: [], siteIds: [] });
export type TTargets = z.output<typeof ZTargets>;

export const ZCreateAutomation = z
  .object({
    orgId: ZUuid.optional().describe('The owning organization (an organization caller’s own when omitted)'),
    name: zText(200, 1),
    description: zText(2000).nullable().optional(),
    enabled: z.boolean().default(true),
    trigger: ZTrigger,
    conditions: ZConditions,
    actions: z.array(ZAction).min(1).max(MAX_ACTIONS),
    targets: ZTargets,
  })
  .strict();
export type CreateAutomationInput = z.output<typeof ZCreateAutomation>;

export const ZUpdateAutomation = z
  .object({
    name: zText(200, 1).optional(),
    description: zText(2000).nullable().optional(),
    enabled: z.boolean().optional(),
    trigger: ZTrigger.optional(),
    conditions: ZConditionsObject.optional(),
    actions: z.array(ZAction).min(1).max(MAX_ACTIONS).optional(),
    targets: ZTargetsObject.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Give at least one field');
export type UpdateAutomationInput = z.output<typeof ZUpdateAutomation>;

export const ZAutomation = z
  .object({
    id: ZUuid,
    partnerId: ZUuid,
    orgId: ZUuid,
    name: z.string(),
    description: z.string().nullable(),
    enabled: z.boolean(),
    trigger: ZTrigger,
    conditions: ZConditionsObject,
    actions: z.array(ZAction),
    targets: ZTargetsObject,
    nextRunAt: ZTimestamp.nullable().describe('Next due time of a schedule trigger'),
    lastRunAt: ZTimestamp.nullable(),
    createdBy: ZUuid.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'Automation' });
export type TAutomation = z.output<typeof ZAutomation>;

export const ZListAutomationsQuery = pageQuery(50, 100).extend({
  orgId: ZUuid.optional(),
  triggerType: z.enum(TRIGGER_TYPES).optional(),
  enabled: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  search: zText(255, 1).optional().describe('Name contains (case-insensitive)'),
});
export type ListAutomationsQuery = z.output<typeof ZListAutomationsQuery>;

export const ZListRunsQuery = pageQuery(50, 100).extend({ status: z.enum(RUN_STATUSES).optional() });
export type ListRunsQuery = z.output<typeof ZListRunsQuery>;

export const ZTriggerAutomation = z
  .object({
    event: z
      .object({
        type: z.enum(EVENT_TYPES).optional().describe('Defaults to the trigger’s event type; another type is refused'),
        data: z.record(z.string(), z.unknown()).default({}),
      })
      .strict()
      .optional()
      .describe('Required for event and alert triggers: the event as the catalogue would deliver it'),
  })
  .strict()
  .default({});
export type TriggerAutomationInput = z.output<typeof ZTriggerAutomation>;

export const ZRunAutomation = z
  .object({
    deviceIds: z.array(ZUuid).max(MAX_TARGET_DEVICES).default([]),
    groupIds: z.array(ZUuid).max(50).default([]),
  })
  .strict()
  .default({ deviceIds: [], groupIds: [] });
export type RunAutomationInput = z.output<typeof ZRunAutomation>;

export const ZRunStep = z
  .object({
    actionIndex: z.number().int(),
    actionType: z.enum(ACTION_TYPES),
    deviceId: ZUuid.nullable().describe('Null for once-per-run actions (create_ticket, call_webhook, start_deployment, notify_channel)'),
    status: z.enum(STEP_STATUSES),
    result: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe(
        'What the action produced: `executionId`/`commandId` (run_script; once the agent reports, also `executionStatus`, `exitCode`, `durationMs` and the end of `stdout`/`stderr`, at most 2,000 characters each, `truncated` when cut), `commandId` (device_command), `ticketId`/`number` (create_ticket), `added` (add_to_group), `status`/`durationMs` (call_webhook), `deploymentId` (start_deployment), `channelId`/`kind`/`status` (notify_channel)',
      ),
    error: z.string().nullable(),
    finishedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'AutomationRunStep' });

export const ZAutomationRun = z
  .object({
    id: ZUuid,
    automationId: ZUuid,
    automationName: z.string(),
    orgId: ZUuid,
    status: z.enum(RUN_STATUSES),
    source: z.enum(RUN_SOURCES).describe('The trigger kind that fired it, or `run` for POST /automations/:id/run'),
    eventId: ZUuid.nullable(),
    event: z.record(z.string(), z.unknown()).nullable(),
    deviceIds: z.array(ZUuid),
    reason: z.string().nullable().describe('Why a run was suppressed, or what failed'),
    requestedBy: ZUuid.nullable(),
    createdAt: ZTimestamp,
    startedAt: ZTimestamp.nullable(),
    finishedAt: ZTimestamp.nullable(),
    steps: z.array(ZRunStep),
  })
  .meta({ id: 'AutomationRun' });
export type TAutomationRun = z.output<typeof ZAutomationRun>;

export const ZRunIdParams = z.object({ runId: ZUuid });

export const AUTOMATION_DOC = [
  '**Triggers**: `schedule` (`cron`, five fields, in the organization’s time zone), `event` (`eventType` from the webhook event catalogue and a `filter` on its data), `alert` (an alert rule firing: `alert.triggered`, narrowed by `ruleId` and `severities`), `manual` (only the endpoints start it).',
  '**Actions** run in order, each on every target device before the next: `run_script` (a script execution per device, in the script history), `device_command` (a device command per device; not `run_script` or `self_uninstall`), `create_ticket` (one ticket per run; 409 `service_management_off` when the partner’s service management is off; in `external` mode the ticket is opened in the partner’s PSA by a background job instead, one per alert for alert-fired runs, and shown as the alert’s `psaTicket`), `add_to_group` (a static group of the organization), `call_webhook` (one POST per run of `{ automationId, runId, name, source, event, deviceIds }` as JSON, under the same address rules as webhooks; a non-2xx answer fails the step; a worker crash between the call and its record may repeat the call), `start_deployment` (starts a `ready` deployment of the organization once per run, as `POST /deployments/:id/start`; any other state fails the step with `DEPLOYMENT_STATE`), `notify_channel` (one message per run to an alert channel of the partner, partner-wide or of the organization, shaped for its kind like alert notifications and under the same URL rules; a refused send fails the step, a disabled channel skips it).',
  '**Scripts**: a `run_script` step is `running` from the queuing of its command until the agent reports the result: then it is `succeeded` (exit code 0) or `failed` (another exit code, a time-out, a cancel), with the exit code and the end of the output in `result`. The next action starts only when every script of the previous ones has its result, and the run completes (emitting `automation.completed` or `automation.failed`) only when all its steps have. The command waits for an offline device like any queued command; a script that gets no result in time (the server’s command time-out) or whose execution is cancelled (`POST /scripts/executions/:id/cancel`) fails its step.',
  '**Runs** are executed by worker jobs and record every action’s outcome per device. Each step commits with its effect, so a run re-executed after a worker crash performs only unfinished steps. Runs emit `automation.started`, then `automation.completed` (no step failed) or `automation.failed`.',
  `**Loop guard**: a run fired by an event that a run of the same automation caused (event data naming this automation, e.g. its own \`automation.*\` events) or a run beyond ${LOOP_GUARD_MAX_RUNS} runs of the automation within ${LOOP_GUARD_WINDOW_MINUTES} minutes (counted per device: runs sharing a device with it; a run without devices counts every run of the automation) is recorded as \`suppressed\` with its reason and does nothing.`,
].join('\n\n');
