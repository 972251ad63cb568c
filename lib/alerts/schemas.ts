// Alerts and alert rules (doc 2 "Alert", "Alerts"). The spec leaves rule bodies open; they are
// designed here and published in OpenAPI through these schemas.
import { z } from 'zod';
import { ZPageMeta } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';

export const ALERT_STATUSES = ['active', 'acknowledged', 'suppressed', 'resolved', 'dismissed'] as const;
export const TERMINAL_STATUSES = ['resolved', 'dismissed'] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const ALERT_ACTIONS = ['acknowledge', 'resolve', 'suppress', 'dismiss'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export type AlertSeverity = (typeof SEVERITIES)[number];
export type AlertAction = (typeof ALERT_ACTIONS)[number];

export const MAX_BULK_ALERTS = 100;

const ZUuid = z.string().uuid();
const ZDate = z.string().describe('ISO 8601');

export const ZAlertPsaTicket = z
  .object({
    connectionId: ZUuid,
    status: z.enum(['pending', 'open', 'failed']).describe('`pending` while the job opens it (retried through PSA throttling and outages), `failed` when the PSA refused it'),
    externalId: z.string().nullable().describe('The PSA’s ticket id'),
    url: z.string().nullable().describe('The ticket in the PSA’s web interface'),
    resolution: z.enum(['pending', 'noted', 'closed', 'failed']).nullable().describe('After the alert resolved: the note added (`noted`), also closed (`closed`)'),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'AlertPsaTicket' });

export const ZAlert = z.object({
  id: ZUuid,
  orgId: ZUuid,
  siteId: ZUuid.nullable(),
  deviceId: ZUuid.nullable(),
  ruleId: ZUuid.nullable(),
  monitorId: ZUuid.nullable(),
  status: z.enum(ALERT_STATUSES),
  severity: z.enum(SEVERITIES),
  title: z.string(),
  message: z.string(),
  source: z.string().describe('rule, monitor, snmp (an SNMP threshold) or script (an exit code mapped to a severity by the script)'),
  context: z.record(z.string(), z.unknown()).describe('What triggered it (metric, value, threshold, monitor result …)'),
  correlationGroupId: ZUuid.nullable(),
  triggeredAt: ZDate,
  acknowledgedAt: ZDate.nullable(),
  acknowledgedBy: ZUuid.nullable(),
  suppressedAt: ZDate.nullable(),
  suppressedBy: ZUuid.nullable(),
  suppressedUntil: ZDate.nullable(),
  resolvedAt: ZDate.nullable(),
  resolvedBy: ZUuid.nullable().describe('Null when the system resolved it (see resolvedBySystem)'),
  resolvedBySystem: z.boolean(),
  resolutionNote: z.string().nullable(),
  dismissedAt: ZDate.nullable(),
  dismissedBy: ZUuid.nullable(),
  escalatedAt: ZDate.nullable(),
  updatedAt: ZDate,
  psaTicket: ZAlertPsaTicket.nullable().optional().describe('On `GET /alerts/:id`: the ticket opened in the partner’s PSA for this alert (external service management), or null'),
}).meta({ id: 'Alert' });
export type TAlert = z.infer<typeof ZAlert>;

const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(20));

export const ZListAlertsQuery = pageQuery(50, 100).extend({
  status: csv(z.enum(ALERT_STATUSES)).optional().describe('One or more statuses (comma separated). Dismissed alerts are listed only when asked for'),
  severity: csv(z.enum(SEVERITIES)).optional(),
  orgId: ZUuid.optional(),
  deviceId: ZUuid.optional(),
  ruleId: ZUuid.optional(),
  monitorId: ZUuid.optional(),
  source: z.enum(['rule', 'monitor', 'script', 'snmp']).optional(),
  from: z.coerce.date().optional().describe('triggeredAt at or after'),
  to: z.coerce.date().optional().describe('triggeredAt before'),
});

export const ZAlertPage = z.object({
  data: z.array(ZAlert),
  pagination: ZPageMeta,
});

export const ZAlertSummaryQuery = z.object({ orgId: ZUuid.optional() });
export const ZAlertSummary = z.object({
  total: z.number().int().describe('Every alert in scope except dismissed ones'),
  byStatus: z.record(z.enum(ALERT_STATUSES), z.number().int()),
  bySeverity: z.record(z.enum(SEVERITIES), z.number().int()).describe('Open (non-terminal) alerts by severity'),
  open: z.number().int().describe('active + acknowledged + suppressed'),
}).meta({ id: 'AlertSummary' });

export const ZTransitionBody = z
  .object({
    note: zText(2000).optional().describe('Resolution note (resolve) or free comment'),
    suppressUntil: z.coerce.date().optional().describe('suppress only: when the suppression ends (informational)'),
  })
  .strict()
  .default({});

export const ZBulkAlertBody = z
  .object({
    action: z.enum(ALERT_ACTIONS),
    alertIds: z.array(ZUuid).min(1).max(MAX_BULK_ALERTS).transform((ids) => [...new Set(ids)]).describe(`Up to ${MAX_BULK_ALERTS} alert ids`),
    note: zText(2000).optional(),
  })
  .strict();

export const ZBulkAlertResult = z.object({
  action: z.enum(ALERT_ACTIONS),
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      id: ZUuid,
      ok: z.boolean(),
      status: z.number().int().describe('HTTP status the single-alert route would have answered'),
      error: z.object({ code: z.string(), message: z.string(), details: z.unknown() }).optional(),
      alert: ZAlert.optional(),
    }),
  ),
});

// --- Rules ---------------------------------------------------------------------------------

export const METRICS = ['cpu', 'memory', 'disk'] as const;
export const OPERATORS = ['gt', 'gte', 'lt', 'lte'] as const;
export type Metric = (typeof METRICS)[number];
export type Operator = (typeof OPERATORS)[number];

export const ZMetricCondition = z
  .object({
    type: z.literal('metric'),
    metric: z.enum(METRICS).describe('Heartbeat metric: cpuPercent, memoryPercent or diskPercent'),
    operator: z.enum(OPERATORS),
    threshold: z.number().min(0).max(100).describe('Percent'),
    consecutiveBeats: z.number().int().min(1).max(1000).default(1).describe('Beats in a row the condition must hold'),
    durationMinutes: z.number().int().min(0).max(1440).default(0).describe('And for at least this long since the first breaching beat'),
  })
  .strict()
  .meta({ id: 'AlertMetricCondition' });

export const ZOfflineCondition = z
  .object({
    type: z.literal('offline'),
    durationMinutes: z.number().int().min(1).max(10_080).default(5).describe('Device silent (no heartbeat) for this long'),
  })
  .strict()
  .meta({ id: 'AlertOfflineCondition' });

export const ZScriptFailedCondition = z
  .object({
    type: z.literal('script_failed'),
    commandTypes: z.array(z.string().min(1).max(32)).max(20).default([]).describe('Command types that count (empty: any); a failed or timed-out result raises the alert'),
  })
  .strict()
  .meta({ id: 'AlertScriptFailedCondition' });

export const ZRuleCondition = z
  .discriminatedUnion('type', [ZMetricCondition, ZOfflineCondition, ZScriptFailedCondition])
  .describe('metric: threshold over heartbeat data; offline: no heartbeat for M minutes (worker sweep); script_failed: a command result failed. Monitor failures raise alerts from the monitor itself.').meta({ id: 'AlertRuleCondition' });
export type RuleCondition = z.output<typeof ZRuleCondition>;

const ZIdList = z.array(ZUuid).max(500).default([]).transform((ids) => [...new Set(ids)]);
export const ZRuleTargets = z
  .object({ orgIds: ZIdList, siteIds: ZIdList, groupIds: ZIdList, deviceIds: ZIdList })
  .strict()
  .describe('A device matches when it is in any listed organization, site, group or device id; all lists empty = the whole scope of the rule').meta({ id: 'AlertRuleTargets' });
export type RuleTargets = z.output<typeof ZRuleTargets>;

const ruleFields = {
  name: zText(255, 1),
  description: zText(2000).nullable().optional(),
  enabled: z.boolean().default(true),
  severity: z.enum(SEVERITIES),
  targets: ZRuleTargets.default({ orgIds: [], siteIds: [], groupIds: [], deviceIds: [] }),
  condition: ZRuleCondition,
  autoResolve: z.boolean().default(true).describe('Resolve the alert when the condition clears'),
  cooldownMinutes: z.number().int().min(0).max(10_080).default(15).describe('After an alert of this rule and device ends, no new one for this long'),
};

export const ZCreateAlertRule = z
  .object({
    ...ruleFields,
    severity: ruleFields.severity.optional(),
    condition: ruleFields.condition.optional(),
    templateId: z.string().min(1).max(64).optional().describe('A built-in template id (e.g. builtin:high-cpu) or a rule template id: fills severity and condition when omitted'),
    orgId: ZUuid.nullable().optional().describe('The organization of the rule; omit or null for a partner-wide rule (partner callers with access to every organization)'),
  })
  .strict();

export const ZUpdateAlertRule = z
  .object({
    name: ruleFields.name,
    description: ruleFields.description,
    enabled: z.boolean(),
    severity: ruleFields.severity,
    targets: ZRuleTargets,
    condition: ruleFields.condition,
    autoResolve: z.boolean(),
    cooldownMinutes: z.number().int().min(0).max(10_080),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const ZAlertRule = z.object({
  id: ZUuid,
  partnerId: ZUuid,
  orgId: ZUuid.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  severity: z.enum(SEVERITIES),
  targets: ZRuleTargets,
  condition: ZRuleCondition,
  autoResolve: z.boolean(),
  cooldownMinutes: z.number().int(),
  templateId: z.string().nullable(),
  openAlerts: z.number().int().optional(),
  createdAt: ZDate,
  updatedAt: ZDate,
}).meta({ id: 'AlertRule' });
export type TAlertRule = z.infer<typeof ZAlertRule>;

export const ZListRulesQuery = pageQuery(50, 100).extend({
  orgId: ZUuid.optional(),
  enabled: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  conditionType: z.enum(['metric', 'offline', 'script_failed']).optional(),
});
export const ZAlertRulePage = z.object({
  data: z.array(ZAlertRule),
  pagination: ZPageMeta,
});

export const ZTestRuleBody = z
  .object({
    deviceId: ZUuid.optional().describe('Evaluate against one device (default: every device in the rule scope, up to 100)'),
    metrics: z
      .object({ cpuPercent: z.number().min(0).max(100), memoryPercent: z.number().min(0).max(100), diskPercent: z.number().min(0).max(100) })
      .partial()
      .strict()
      .optional()
      .describe('Hypothetical heartbeat values instead of the latest ones'),
  })
  .strict()
  .default({});

export const ZTestRuleResult = z.object({
  ruleId: ZUuid,
  conditionType: z.string(),
  evaluated: z.number().int(),
  matches: z.array(
    z.object({
      deviceId: ZUuid,
      hostname: z.string(),
      matched: z.boolean(),
      value: z.number().nullable(),
      reason: z.string(),
    }),
  ),
  note: z.string().describe('Dry run: nothing is raised or stored'),
});
