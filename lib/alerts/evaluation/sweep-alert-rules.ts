// Worker sweep (every minute) for time-based conditions: devices silent longer than an offline
// rule allows raise its alert; devices heard from again resolve it (auto-resolve competes with
// users through the same compare-and-set as every other move).
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { policyNamedRuleIds, ruleAppliesSql } from '@/lib/policies/policy-alert-rules';
import { ZOfflineCondition, ZRuleTargets } from '@/lib/alerts/schemas';
import { raiseAlertInTx, ruleOpenKey } from '@/lib/alerts/raise-alert';
import { autoResolve } from '@/lib/alerts/evaluation/evaluate-heartbeat';

const BATCH = 500;

interface Silent {
  id: string;
  partner_id: string;
  org_id: string;
  site_id: string | null;
  hostname: string;
  last_seen_at: Date | null;
}

export async function sweepAlertRules(): Promise<{ raised: number; resolved: number }> {
  const rules = await db.alertRule.findMany({ where: { enabled: true, conditionType: 'offline' } });
  const named = await policyNamedRuleIds(db, rules.map((r) => r.id));
  let raised = 0;
  for (const rule of rules) {
    const condition = ZOfflineCondition.parse(rule.condition);
    const t = ZRuleTargets.parse(rule.targets ?? {});
    const any = !t.orgIds.length && !t.siteIds.length && !t.groupIds.length && !t.deviceIds.length;
    const silent = await db.$queryRaw<Silent[]>`
      select d.id, d.partner_id, d.org_id, d.site_id, d.hostname, d.last_seen_at from devices d
      where d.partner_id = ${rule.partnerId}::uuid
        and (${rule.orgId}::uuid is null or d.org_id = ${rule.orgId}::uuid)
        and d.status in ('online', 'offline') and d.last_seen_at is not null
        and d.last_seen_at < now() - make_interval(mins => ${condition.durationMinutes}::int)
        and ${ruleAppliesSql(
          rule.id,
          named.has(rule.id),
          any,
          Prisma.sql`(${any} or d.org_id = any(${t.orgIds}::uuid[]) or d.site_id = any(${t.siteIds}::uuid[]) or d.id = any(${t.deviceIds}::uuid[])
             or exists (select 1 from device_group_memberships m where m.device_id = d.id and m.group_id = any(${t.groupIds}::uuid[])))`,
        )}
        and not exists (select 1 from alerts a where a.open_key = 'rule:' || ${rule.id}::text || ':' || d.id::text)
      order by d.last_seen_at limit ${BATCH}`;
    for (const d of silent) {
      const minutes = d.last_seen_at ? Math.floor((Date.now() - d.last_seen_at.getTime()) / 60_000) : null;
      const alert = await db.$transaction((tx) =>
        raiseAlertInTx(tx, {
          partnerId: d.partner_id,
          orgId: d.org_id,
          siteId: d.site_id,
          deviceId: d.id,
          ruleId: rule.id,
          monitorId: null,
          openKey: ruleOpenKey(rule.id, d.id),
          severity: rule.severity,
          title: `${rule.name}: ${d.hostname} offline`,
          message: `${d.hostname} has sent no heartbeat for ${minutes ?? '?'} minutes (rule threshold ${condition.durationMinutes}).`,
          source: 'rule',
          context: { conditionType: 'offline', durationMinutes: condition.durationMinutes, lastSeenAt: d.last_seen_at?.toISOString() ?? null, hostname: d.hostname },
          cooldownMinutes: rule.cooldownMinutes,
        }),
      );
      if (alert) raised += 1;
    }
  }
  // Offline alerts whose device beats again (within its rule's window) resolve.
  const back = await db.$queryRaw<{ open_key: string }[]>`
    select a.open_key from alerts a
    join alert_rules r on r.id = a.rule_id and r.condition_type = 'offline' and r.auto_resolve
    join devices d on d.id = a.device_id
    where a.open_key is not null
      and (d.last_seen_at >= now() - make_interval(mins => coalesce((r.condition->>'durationMinutes')::int, 5)) or d.status = 'decommissioned')
    limit ${BATCH * 4}`;
  let resolved = 0;
  for (const row of back) resolved += await db.$transaction((tx) => autoResolve(tx, [row.open_key]));
  return { raised, resolved };
}
