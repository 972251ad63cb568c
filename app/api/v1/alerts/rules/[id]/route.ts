// /api/v1/alerts/rules/:id — one alert rule.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAlertRule, ZUpdateAlertRule } from '@/lib/alerts/schemas';
import { getAlertRuleOrThrow } from '@/lib/alerts/get-alert-rule-or-throw';
import { toAlertRuleDto } from '@/lib/alerts/to-alert-rule-dto';
import { updateAlertRule } from '@/lib/alerts/update-alert-rule';
import { deleteAlertRule } from '@/lib/alerts/delete-alert-rule';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  params: ZIdParams,
  summary: 'Get an alert rule',
  tags: ['Alert rules'],
  response: ZAlertRule,
  handler: async ({ ctx, params }) => toAlertRuleDto(await getAlertRuleOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  body: ZUpdateAlertRule,
  summary: 'Update an alert rule',
  description: 'Any subset of the fields. Changing the condition or targets, or disabling the rule, restarts every breach streak; open alerts stay open.',
  tags: ['Alert rules'],
  response: ZAlertRule,
  audit: 'alert_rule.update',
  handler: ({ ctx, params, body }) => updateAlertRule(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  summary: 'Delete an alert rule',
  description: 'Its alerts are kept (their ruleId becomes null).',
  tags: ['Alert rules'],
  audit: 'alert_rule.delete',
  handler: ({ ctx, params }) => deleteAlertRule(ctx, params.id),
});
