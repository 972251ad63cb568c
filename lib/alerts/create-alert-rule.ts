import type { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { badRequest } from '@/lib/http/errors';
import { ZRuleCondition, type AlertSeverity, type RuleCondition, type ZCreateAlertRule } from '@/lib/alerts/schemas';
import { resolveConfigOwner } from '@/lib/alerts/config-scope';
import { assertRuleTargets } from '@/lib/alerts/assert-rule-targets';
import { builtInTemplate } from '@/lib/alerts/templates/built-in-templates';
import { invalidateRuleCache } from '@/lib/alerts/evaluation/rule-cache';
import { toAlertRuleDto } from '@/lib/alerts/to-alert-rule-dto';

/** Severity and condition from the template named by templateId (built-in or the partner's own). */
async function templateDefaults(partnerId: string, templateId: string): Promise<{ severity?: AlertSeverity; condition?: RuleCondition }> {
  const builtIn = builtInTemplate(templateId);
  if (builtIn) return builtIn.rule;
  const own = /^[0-9a-f-]{36}$/i.test(templateId)
    ? await db.alertTemplate.findFirst({ where: { id: templateId, partnerId, kind: 'rule' } })
    : null;
  if (!own) throw badRequest('Unknown template', [{ path: 'templateId', message: `No rule template ${templateId}` }], 'TEMPLATE_NOT_FOUND');
  const rule = (own.rule ?? {}) as { severity?: AlertSeverity; condition?: unknown };
  const condition = ZRuleCondition.safeParse(rule.condition);
  return { severity: rule.severity, condition: condition.success ? condition.data : undefined };
}

export async function createAlertRule(ctx: ActorContext, input: z.output<typeof ZCreateAlertRule>) {
  const owner = await resolveConfigOwner(ctx, input.orgId);
  const defaults = input.templateId ? await templateDefaults(owner.partnerId, input.templateId) : {};
  const severity = input.severity ?? defaults.severity;
  const condition = input.condition ?? defaults.condition;
  if (!severity || !condition) {
    throw badRequest('severity and condition are required (or a templateId that supplies them)', [
      ...(!severity ? [{ path: 'severity', message: 'Required' }] : []),
      ...(!condition ? [{ path: 'condition', message: 'Required' }] : []),
    ]);
  }
  await assertRuleTargets(ctx, owner, input.targets);
  const rule = await db.alertRule.create({
    data: {
      partnerId: owner.partnerId,
      orgId: owner.orgId,
      name: input.name,
      description: input.description ?? null,
      enabled: input.enabled,
      severity,
      targets: input.targets as Prisma.InputJsonValue,
      conditionType: condition.type,
      condition: condition as Prisma.InputJsonValue,
      autoResolve: input.autoResolve,
      cooldownMinutes: input.cooldownMinutes,
      templateId: input.templateId ?? null,
      createdBy: ctx.userId,
    },
  });
  invalidateRuleCache();
  return toAlertRuleDto(rule, 0);
}
