import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { assertConfigWritable } from '@/lib/alerts/config-scope';
import { getAlertRuleOrThrow } from '@/lib/alerts/get-alert-rule-or-throw';
import { invalidateRuleCache } from '@/lib/alerts/evaluation/rule-cache';

/** Deletes the rule; its alerts stay (ruleId becomes null) with their history. */
export async function deleteAlertRule(ctx: ActorContext, id: string): Promise<void> {
  const rule = await getAlertRuleOrThrow(ctx, id);
  assertConfigWritable(ctx, rule);
  await db.alertRule.delete({ where: { id: rule.id } });
  invalidateRuleCache();
}
