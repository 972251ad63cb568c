// Metric rules on live heartbeats. The beat itself stays one statement: it also reports whether
// the device has any breach state (an index probe in the same round trip). With the cached
// rules, a healthy device with no state costs no further query; the database is touched only
// when a threshold is crossed or a streak/alert has to be cleared.
import type { AgentContext } from '@/lib/auth/context';
import { db, type Tx } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { ruleAppliesToDevice } from '@/lib/policies/policy-alert-rules';
import { compare, metricValue, operatorSymbol, type BeatMetrics } from '@/lib/alerts/evaluation/conditions';
import { metricRulesFor, type CachedMetricRule } from '@/lib/alerts/evaluation/rule-cache';
import { raiseAlertInTx, ruleOpenKey } from '@/lib/alerts/raise-alert';
import { transitionInTx } from '@/lib/alerts/transition-alert';
import { SYSTEM_CONTEXT } from '@/lib/alerts/system-context';
import { AppError } from '@/lib/http/errors';

type Device = Pick<AgentContext, 'deviceId' | 'partnerId' | 'orgId' | 'siteId' | 'hostname'>;

interface Verdict {
  rule: CachedMetricRule;
  value: number;
}

const METRIC_LABEL = { cpu: 'CPU', memory: 'Memory', disk: 'Disk' } as const;

/** policyRuleIds: the alert rules the device's effective policy names (read with the beat). */
export async function evaluateHeartbeat(device: Device, metrics: BeatMetrics, hasState: boolean, policyRuleIds: readonly string[] = []): Promise<void> {
  try {
    const rules = await metricRulesFor(device.partnerId, device.orgId);
    if (rules.length === 0 && !hasState) return;
    const breached: Verdict[] = [];
    for (const rule of rules) {
      if (!ruleAppliesToDevice(rule, device, rule.groupMembers, policyRuleIds)) continue;
      const value = metricValue(rule.condition.metric, metrics);
      if (value !== null && compare(value, rule.condition.operator, rule.condition.threshold)) breached.push({ rule, value });
    }
    if (breached.length === 0 && !hasState) return;
    await applyVerdicts(device, breached);
  } catch (error) {
    // Alerting must never cost the agent its beat.
    logger.error({ err: error, deviceId: device.deviceId }, 'alert rule evaluation failed');
  }
}

interface StateRow {
  kind: 'cleared' | 'streak';
  rule_id: string;
  consecutive: number | null;
  breach_since: Date | null;
  /** An open alert exists, or the last one ended inside the cooldown. */
  blocked: boolean;
}

/**
 * One statement moves every streak of the device: rules that no longer hold lose their row,
 * breached ones count up, and each answer says whether the rule already has an open alert
 * here or is cooling down. A device that keeps breaching with its alert open (or cooling down)
 * therefore costs this one statement; transactions are opened only to raise or resolve.
 */
async function applyVerdicts(device: Device, breached: Verdict[]): Promise<void> {
  const ids = breached.map((b) => b.rule.id);
  const values = breached.map((b) => b.value);
  const cooldowns = breached.map((b) => b.rule.cooldownMinutes);
  const rows = await db.$queryRaw<StateRow[]>`
    with v as (
      select * from unnest(${ids}::uuid[], ${values}::float8[], ${cooldowns}::int[]) as v(rule_id, value, cooldown)
    ), cleared as (
      delete from alert_rule_states where device_id = ${device.deviceId}::uuid and not (rule_id = any(${ids}::uuid[]))
      returning rule_id
    ), streak as (
      insert into alert_rule_states (rule_id, device_id, partner_id, org_id, consecutive, breach_since, last_value, updated_at)
      select v.rule_id, ${device.deviceId}::uuid, ${device.partnerId}::uuid, ${device.orgId}::uuid, 1, now(), v.value, now() from v
      on conflict (rule_id, device_id) do update set consecutive = alert_rule_states.consecutive + 1, last_value = excluded.last_value, updated_at = now()
      returning rule_id, consecutive, breach_since
    )
    select 'cleared' as kind, rule_id, null::int as consecutive, null::timestamptz as breach_since, false as blocked from cleared
    union all
    select 'streak', s.rule_id, s.consecutive, s.breach_since,
      exists(select 1 from alerts a where a.open_key = 'rule:' || s.rule_id::text || ':' || ${device.deviceId}::text)
      or exists(select 1 from alerts a where a.rule_id = s.rule_id and a.device_id = ${device.deviceId}::uuid and v.cooldown > 0
        and coalesce(a.resolved_at, a.dismissed_at) >= now() - make_interval(mins => v.cooldown))
    from streak s join v on v.rule_id = s.rule_id`;

  const cleared = rows.filter((r) => r.kind === 'cleared').map((r) => ruleOpenKey(r.rule_id, device.deviceId));
  if (cleared.length) await db.$transaction((tx) => autoResolve(tx, cleared));

  const now = Date.now();
  const due = rows.flatMap((r) => {
    if (r.kind !== 'streak' || r.blocked) return [];
    const verdict = breached.find((b) => b.rule.id === r.rule_id)!;
    const c = verdict.rule.condition;
    if (r.consecutive! < c.consecutiveBeats || now - r.breach_since!.getTime() < c.durationMinutes * 60_000) return [];
    return [{ ...verdict, consecutive: r.consecutive!, breachSince: r.breach_since! }];
  });
  if (due.length) await db.$transaction((tx) => raiseDue(tx, device, due));
}

async function raiseDue(tx: Tx, device: Device, due: (Verdict & { consecutive: number; breachSince: Date })[]): Promise<void> {
  for (const { rule, value, consecutive, breachSince } of due) {
    const c = rule.condition;
    const label = METRIC_LABEL[c.metric];
    await raiseAlertInTx(tx, {
      partnerId: device.partnerId,
      orgId: device.orgId,
      siteId: device.siteId,
      deviceId: device.deviceId,
      ruleId: rule.id,
      monitorId: null,
      openKey: ruleOpenKey(rule.id, device.deviceId),
      severity: rule.severity,
      title: `${rule.name}: ${label} ${value.toFixed(1)}% on ${device.hostname}`,
      message: `${label} is ${value.toFixed(1)}% (${operatorSymbol(c.operator)} ${c.threshold}%) on ${device.hostname} for ${consecutive} consecutive heartbeat(s).`,
      source: 'rule',
      context: { conditionType: 'metric', metric: c.metric, value, operator: c.operator, threshold: c.threshold, consecutiveBeats: consecutive, breachSince: breachSince.toISOString(), hostname: device.hostname },
      cooldownMinutes: rule.cooldownMinutes,
    });
  }
}

/** Resolves the open alerts under these keys whose rule auto-resolves; a user move that won first is left alone. */
export async function autoResolve(tx: Tx, openKeys: string[]): Promise<number> {
  const open = await tx.alert.findMany({ where: { openKey: { in: openKeys }, rule: { autoResolve: true } }, select: { id: true } });
  let n = 0;
  for (const a of open) {
    try {
      await transitionInTx(tx, a.id, 'resolve', { userId: null, ctx: SYSTEM_CONTEXT }, { note: 'Condition cleared', audit: true });
      n += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
  return n;
}
