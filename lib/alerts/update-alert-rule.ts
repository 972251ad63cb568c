import type { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ZUpdateAlertRule } from '@/lib/alerts/schemas';
import { assertConfigWritable } from '@/lib/alerts/config-scope';
import { assertRuleTargets } from '@/lib/alerts/assert-rule-targets';
import { getAlertRuleOrThrow } from '@/lib/alerts/get-alert-rule-or-throw';
import { invalidateRuleCache } from '@/lib/alerts/evaluation/rule-cache';
import { toAlertRuleDto } from '@/lib/alerts/to-alert-rule-dto';

export async function updateAlertRule(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateAlertRule>) {
  const rule = await getAlertRuleOrThrow(ctx, id);
  assertConfigWritable(ctx, rule);
  if (input.targets) await assertRuleTargets(ctx, rule, input.targets);
  const data: Prisma.AlertRuleUpdateInput = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.severity !== undefined ? { severity: input.severity } : {}),
    ...(input.targets !== undefined ? { targets: input.targets as Prisma.InputJsonValue } : {}),
    ...(input.condition !== undefined ? { condition: input.condition as Prisma.InputJsonValue, conditionType: input.condition.type } : {}),
    ...(input.autoResolve !== undefined ? { autoResolve: input.autoResolve } : {}),
    ...(input.cooldownMinutes !== undefined ? { cooldownMinutes: input.cooldownMinutes } : {}),
  };
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.alertRule.update({ where: { id: rule.id }, data });
    // A changed condition or a disabled rule starts every breach streak afresh.
    if (input.condition !== undefined || input.enabled === false || input.targets !== undefined) {
      await tx.alertRuleState.deleteMany({ where: { ruleId: rule.id } });
    }
    return row;
  });
  invalidateRuleCache();
  return toAlertRuleDto(updated);
}
