// In-process cache of the enabled metric rules that can apply to an organization's devices
// (its own rules plus the partner-wide ones), with the members of every group they target.
// The heartbeat consults it instead of querying rules on every beat: a beat costs one Map
// lookup here, and the database is asked once per organization per ALERT_RULE_CACHE_SECONDS.
// Rule writes in this process clear it at once; other processes catch up within the TTL (so do
// policy changes naming a rule; a device's own effective rule list comes with its beat).
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ZMetricCondition, ZRuleTargets, type AlertSeverity, type RuleTargets } from '@/lib/alerts/schemas';
import type { z } from 'zod';
import { policyNamedRuleIds } from '@/lib/policies/policy-alert-rules';

export interface CachedMetricRule {
  id: string;
  partnerId: string;
  orgId: string | null;
  name: string;
  severity: AlertSeverity;
  condition: z.output<typeof ZMetricCondition>;
  targets: RuleTargets;
  autoResolve: boolean;
  cooldownMinutes: number;
  groupMembers: ReadonlySet<string>;
  /** An active configuration policy names the rule (lib/policies/policy-alert-rules.ts). */
  policyNamed: boolean;
}

interface Entry {
  loadedAt: number;
  rules: Promise<CachedMetricRule[]>;
}

const cache = new Map<string, Entry>();
let generation = 0;

export function invalidateRuleCache(): void {
  generation += 1;
  cache.clear();
}

async function load(partnerId: string, orgId: string): Promise<CachedMetricRule[]> {
  const rows = await db.alertRule.findMany({
    where: { partnerId, enabled: true, conditionType: 'metric', OR: [{ orgId }, { orgId: null }] },
  });
  const rules = rows.flatMap((r) => {
    const condition = ZMetricCondition.safeParse(r.condition);
    const targets = ZRuleTargets.safeParse(r.targets ?? {});
    if (!condition.success || !targets.success) return [];
    return [{ id: r.id, partnerId: r.partnerId, orgId: r.orgId, name: r.name, severity: r.severity, condition: condition.data, targets: targets.data, autoResolve: r.autoResolve, cooldownMinutes: r.cooldownMinutes, groupMembers: new Set<string>(), policyNamed: false }];
  });
  const named = await policyNamedRuleIds(db, rules.map((r) => r.id));
  for (const rule of rules) rule.policyNamed = named.has(rule.id);
  const groupIds = [...new Set(rules.flatMap((r) => r.targets.groupIds))];
  if (groupIds.length) {
    const members = await db.deviceGroupMembership.findMany({ where: { groupId: { in: groupIds }, orgId }, select: { groupId: true, deviceId: true } });
    for (const rule of rules) {
      if (rule.targets.groupIds.length) rule.groupMembers = new Set(members.filter((m) => rule.targets.groupIds.includes(m.groupId)).map((m) => m.deviceId));
    }
  }
  return rules;
}

export function metricRulesFor(partnerId: string, orgId: string): Promise<CachedMetricRule[]> {
  const now = Date.now();
  const hit = cache.get(orgId);
  if (hit && now - hit.loadedAt < env().ALERT_RULE_CACHE_SECONDS * 1000) return hit.rules;
  const startedAt = generation;
  const rules = load(partnerId, orgId);
  const entry = { loadedAt: now, rules };
  cache.set(orgId, entry);
  // A failed load is not remembered; neither is one overtaken by a rule write.
  rules.then(
    () => {
      if (startedAt !== generation && cache.get(orgId) === entry) cache.delete(orgId);
    },
    () => {
      if (cache.get(orgId) === entry) cache.delete(orgId);
    },
  );
  return rules;
}
