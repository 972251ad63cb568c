// One definition per alert action, shared by /alerts/:id/<action> and /mobile/alerts/:id/<action>
// so both answer the same 409 contract.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { tenantWhere } from '@/lib/tenancy/scope';
import { ZAlert, ZTransitionBody, type AlertAction } from '@/lib/alerts/schemas';
import { transitionAlert } from '@/lib/alerts/transition-alert';

const DESCRIPTIONS: Record<AlertAction, string> = {
  acknowledge: 'Valid only from `active`. 409 (code CONFLICT, details naming the current status and who moved it) when another user or the auto-resolve sweep moved the alert first. Emits `alert.acknowledged`.',
  resolve: 'From any non-terminal status (active, acknowledged, suppressed); optional `note`. 409 when the alert is already terminal (resolved or dismissed). Emits `alert.resolved`.',
  suppress: 'From any non-terminal status; optional `suppressUntil`. 409 when the alert is already terminal.',
  dismiss: 'From any status not yet dismissed (resolved included). Dismissed is terminal and hidden from GET /alerts unless `status=dismissed`. 409 when already dismissed — including a concurrent caller winning; the 409 details and the record then name that caller in `dismissedAt`/`dismissedBy`.',
};

const SUMMARIES: Record<AlertAction, string> = {
  acknowledge: 'Acknowledge an alert',
  resolve: 'Resolve an alert',
  suppress: 'Suppress an alert',
  dismiss: 'Dismiss an alert',
};

export function alertActionRoute(action: AlertAction, tags: string[] = ['Alerts']) {
  return defineRoute({
    auth: ['user', 'apiKey'],
    permission: 'alerts:write',
    params: ZIdParams,
    body: ZTransitionBody,
    summary: SUMMARIES[action],
    description: DESCRIPTIONS[action],
    tags,
    response: ZAlert,
    audit: `alert.${action}`,
    handler: ({ ctx, params, body }) =>
      transitionAlert({ userId: ctx.userId, ctx }, params.id, action, { note: body?.note, suppressUntil: body?.suppressUntil, scope: tenantWhere(ctx) }),
  });
}
