// POST /api/v1/alerts/rules/:id/test — dry-run a rule against devices.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZTestRuleBody, ZTestRuleResult } from '@/lib/alerts/schemas';
import { testAlertRule } from '@/lib/alerts/test-alert-rule';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  params: ZIdParams,
  body: ZTestRuleBody,
  summary: 'Test an alert rule',
  description:
    'Evaluates the condition against the latest heartbeat values (or the hypothetical `metrics` given) of one device (`deviceId`) or of up to 100 devices in the rule scope, and reports per device whether it would match. Nothing is raised or stored. Streak lengths (consecutiveBeats, durationMinutes) are not simulated.',
  tags: ['Alert rules'],
  response: ZTestRuleResult,
  audit: false,
  handler: ({ ctx, params, body }) => testAlertRule(ctx, params.id, body),
});
