import type { AlertRule } from '@/lib/generated/prisma/client';
import { ZRuleCondition, ZRuleTargets, type TAlertRule } from '@/lib/alerts/schemas';

export function toAlertRuleDto(r: AlertRule, openAlerts?: number): TAlertRule {
  return {
    id: r.id,
    partnerId: r.partnerId,
    orgId: r.orgId,
    name: r.name,
    description: r.description,
    enabled: r.enabled,
    severity: r.severity,
    targets: ZRuleTargets.parse(r.targets ?? {}),
    condition: ZRuleCondition.parse(r.condition),
    autoResolve: r.autoResolve,
    cooldownMinutes: r.cooldownMinutes,
    templateId: r.templateId,
    ...(openAlerts !== undefined ? { openAlerts } : {}),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
