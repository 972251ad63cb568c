// Metric rules on live heartbeats. The beat itself stays one statement: it also reports whether
// the device has any breach state (an index probe in the same round trip). With the cached
// rules, a healthy device with no state costs no further query; the database is touched only
// when a threshold is crossed or a streak/alert has to be cleared.
import type { AgentContext } from '@/lib/auth/context';
import { db, type Tx } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { compare, matchesTargets, metricValue, operatorSymbol, type BeatMetrics } from '@/lib/alerts/evaluation/conditions';
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

export async function evaluateHeartbeat(device: Device, metrics: BeatMetrics, hasState: boolean): Promise<void> {
  try {
    const rules = await metricRulesFor(device.partnerId, device.orgId);
    if (rules.length === 0 && !hasState) return;
    const breached: Verdict[] = [];
    for (const rule of rules) {
      if (!matchesTargets(rule.targets, device, rule.groupMembers)) continue;
      const value = metricValue(rule.condition.metric, metrics);
      if (value !== null && compare(value, rule.condition.operator, rule.condition.threshold)) breached.push({ rule, value });
    }
    if (breached.length === 0 && !hasState) return;
    await db.$transaction((tx) => applyVerdicts(tx, device, breached));
  } catch (error) {
    // Alerting must never cost the agent its beat.
    logger.error({ err: error, deviceId: device.deviceId }, 'alert rule evaluation failed');
  }
}

async function applyVerdicts(tx: Tx, device: Device, breached: Verdict[]): Promise<void> {
  const breachedIds = breached.map((b) => b.rule.id);
  // Streaks of rules that no longer hold end here; their alerts may auto-resolve.
  const cleared = await tx.$queryRaw<{ rule_id: string }[]>`
    delete from alert_rule_states where device_id = ${device.deviceId}::uuid and not (rule_id = any(${breachedIds}::uuid[]))
    returning rule_id`;
  if (cleared.length) await autoResolve(tx, cleared.map((c) => ruleOpenKey(c.rule_id, device.deviceId)));

  for (const { rule, value } of breached) {
    const [state] = await tx.$queryRaw<{ consecutive: number; breach_since: Date }[]>`
      insert into alert_rule_states (rule_id, device_id, partner_id, org_id, consecutive, breach_since, last_value, updated_at)
      values (${rule.id}::uuid, ${device.deviceId}::uuid, ${device.partnerId}::uuid, ${device.orgId}::uuid, 1, now(), ${value}, now())
      on conflict (rule_id, device_id) do update set consecutive = alert_rule_states.consecutive + 1, last_value = excluded.last_value, updated_at = now()
      returning consecutive, breach_since`;
    const c = rule.condition;
    if (state.consecutive < c.consecutiveBeats) continue;
    if (Date.now() - state.breach_since.getTime() < c.durationMinutes * 60_000) continue;
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
      message: `${label} is ${value.toFixed(1)}% (${operatorSymbol(c.operator)} ${c.threshold}%) on ${device.hostname} for ${state.consecutive} consecutive heartbeat(s).`,
      source: 'rule',
      context: { conditionType: 'metric', metric: c.metric, value, operator: c.operator, threshold: c.threshold, consecutiveBeats: state.consecutive, breachSince: state.breach_since.toISOString(), hostname: device.hostname },
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
