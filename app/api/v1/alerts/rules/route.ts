// /api/v1/alerts/rules — list and create alert rules.
import { defineRoute } from '@/lib/http/define-route';
import { ZAlertRule, ZAlertRulePage, ZCreateAlertRule, ZListRulesQuery } from '@/lib/alerts/schemas';
import { listAlertRules } from '@/lib/alerts/list-alert-rules';
import { createAlertRule } from '@/lib/alerts/create-alert-rule';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZListRulesQuery,
  summary: 'List alert rules',
  description: 'Rules of the organizations you see plus partner-wide rules, oldest first, with `openAlerts`.',
  tags: ['Alert rules'],
  response: ZAlertRulePage,
  handler: ({ ctx, query }) => listAlertRules(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  body: ZCreateAlertRule,
  status: 201,
  summary: 'Create an alert rule',
  description:
    'A rule targets organizations, sites, groups or devices (`targets`; all empty = its whole scope) and has one `condition`: `metric` (cpu/memory/disk percent from heartbeats, operator, threshold, for `consecutiveBeats` beats and at least `durationMinutes`), `offline` (no heartbeat for `durationMinutes`, checked by a worker sweep every minute) or `script_failed` (a failed or timed-out command result). One open alert per (rule, device); `autoResolve` resolves it when the condition clears; `cooldownMinutes` holds back a new alert after one ends. `templateId` (e.g. `builtin:high-cpu`, see GET /alert-templates/templates/built-in) supplies severity and condition when omitted. Metric rules reach heartbeats within ALERT_RULE_CACHE_SECONDS (immediately in the process that wrote them).',
  tags: ['Alert rules'],
  response: ZAlertRule,
  audit: 'alert_rule.create',
  handler: ({ ctx, body }) => createAlertRule(ctx, body),
});
