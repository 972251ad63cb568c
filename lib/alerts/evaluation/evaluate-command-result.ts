// script_failed rules: a failed or timed-out command result raises the rule's alert for the
// device; a later completed result of a counted type resolves it (when the rule auto-resolves).
// Runs inside the result's own transaction, so the alert commits with the result.
import type { AgentContext } from '@/lib/auth/context';
import type { Tx } from '@/lib/db';
import { ZRuleTargets, ZScriptFailedCondition } from '@/lib/alerts/schemas';
import { deviceAlertRuleIds, policyNamedRuleIds, ruleAppliesToDevice } from '@/lib/policies/policy-alert-rules';
import { raiseAlertInTx, ruleOpenKey } from '@/lib/alerts/raise-alert';
import { autoResolve } from '@/lib/alerts/evaluation/evaluate-heartbeat';

export async function evaluateCommandResult(tx: Tx, ctx: AgentContext, command: { id: string; type: string }, status: string): Promise<void> {
  const rules = await tx.alertRule.findMany({
    where: { partnerId: ctx.partnerId, enabled: true, conditionType: 'script_failed', OR: [{ orgId: ctx.orgId }, { orgId: null }] },
  });
  if (rules.length === 0) return;
  const groups = rules.some((r) => ZRuleTargets.parse(r.targets ?? {}).groupIds.length)
    ? new Set((await tx.deviceGroupMembership.findMany({ where: { deviceId: ctx.deviceId }, select: { groupId: true } })).map((m) => m.groupId))
    : new Set<string>();
  const failed = status === 'failed' || status === 'timed_out';
  const named = await policyNamedRuleIds(tx, rules.map((r) => r.id));
  const policyRuleIds = await deviceAlertRuleIds(tx, ctx.deviceId);
  for (const rule of rules) {
    const targets = ZRuleTargets.parse(rule.targets ?? {});
    const condition = ZScriptFailedCondition.parse(rule.condition);
    const members = targets.groupIds.some((g) => groups.has(g)) ? new Set([ctx.deviceId]) : new Set<string>();
    if (!ruleAppliesToDevice({ id: rule.id, targets, policyNamed: named.has(rule.id) }, ctx, members, policyRuleIds)) continue;
    if (condition.commandTypes.length && !condition.commandTypes.includes(command.type)) continue;
    if (!failed) {
      await autoResolve(tx, [ruleOpenKey(rule.id, ctx.deviceId)]);
      continue;
    }
    await raiseAlertInTx(tx, {
      partnerId: ctx.partnerId,
      orgId: ctx.orgId,
      siteId: ctx.siteId,
      deviceId: ctx.deviceId,
      ruleId: rule.id,
      monitorId: null,
      openKey: ruleOpenKey(rule.id, ctx.deviceId),
      severity: rule.severity,
      title: `${rule.name}: ${command.type} ${status === 'timed_out' ? 'timed out' : 'failed'} on ${ctx.hostname}`,
      message: `Command ${command.type} (${command.id}) ${status === 'timed_out' ? 'timed out' : 'failed'} on ${ctx.hostname}.`,
      source: 'rule',
      context: { conditionType: 'script_failed', commandId: command.id, commandType: command.type, status, hostname: ctx.hostname },
      cooldownMinutes: rule.cooldownMinutes,
    });
  }
}
