// Alert rule sets through configuration policies. A policy's `alertRuleIds` names alert rules;
// policy evaluation stores the effective list per device (device_policy_settings.alert_rule_ids).
// Alert evaluation (metric rules on heartbeats, offline rules in the sweep, script_failed rules
// on command results) then applies a rule to a device when:
//   - the device's effective policy names the rule (whatever the rule's own targets say), or
//   - the rule's own targets cover the device, except that a rule with no targets that an
//     active policy names is no longer "the whole scope": naming it in a policy makes it a
//     member of a rule set, applied where the policy applies. A rule with explicit targets keeps
//     them in addition to the policies' devices.
// Only enabled rules of the device's partner (partner-wide, or of its organization) are ever
// evaluated, so a policy cannot carry a rule across tenants.
import { Prisma } from '@/lib/generated/prisma/client';
import type { DbOrTx } from '@/lib/db';
import type { RuleTargets } from '@/lib/alerts/schemas';
import { matchesTargets } from '@/lib/alerts/evaluation/conditions';

type DeviceFacts = Parameters<typeof matchesTargets>[1];

const hasNoTargets = (t: RuleTargets) => !t.orgIds.length && !t.siteIds.length && !t.groupIds.length && !t.deviceIds.length;

/** The rules among these that an active policy names in its settings. */
export async function policyNamedRuleIds(client: DbOrTx, ruleIds: string[]): Promise<Set<string>> {
  if (!ruleIds.length) return new Set();
  const rows = await client.$queryRaw<{ id: string }[]>`
    select r.id::text as id from unnest(${ruleIds}::uuid[]) as r(id)
    where exists (select 1 from policies p where p.active and (p.settings -> 'alertRuleIds') @> jsonb_build_array(r.id::text))`;
  return new Set(rows.map((r) => r.id));
}

/** The alert rules the device's effective policy names. */
export async function deviceAlertRuleIds(client: DbOrTx, deviceId: string): Promise<string[]> {
  const row = await client.devicePolicySettings.findUnique({ where: { deviceId }, select: { alertRuleIds: true } });
  return row?.alertRuleIds ?? [];
}

export function ruleAppliesToDevice(
  rule: { id: string; targets: RuleTargets; policyNamed: boolean },
  device: DeviceFacts,
  groupMembers: ReadonlySet<string>,
  policyRuleIds: readonly string[],
): boolean {
  if (policyRuleIds.includes(rule.id)) return true;
  if (rule.policyNamed && hasNoTargets(rule.targets)) return false;
  return matchesTargets(rule.targets, device, groupMembers);
}

/**
 * SQL over a device row `d` for one rule: the same decision as ruleAppliesToDevice, for set-based
 * sweeps. `targetsMatch` is the SQL of the rule's own target test.
 */
export function ruleAppliesSql(ruleId: string, policyNamed: boolean, noTargets: boolean, targetsMatch: Prisma.Sql): Prisma.Sql {
  const own = policyNamed && noTargets ? Prisma.sql`false` : targetsMatch;
  return Prisma.sql`(${own} or exists (select 1 from device_policy_settings ps where ps.device_id = d.id and ps.alert_rule_ids @> array[${ruleId}::uuid]))`;
}
