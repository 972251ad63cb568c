// Dry run of a rule: which devices in its scope match right now (or with hypothetical metrics).
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';
import { ZRuleCondition, ZRuleTargets, type ZTestRuleBody } from '@/lib/alerts/schemas';
import { compare, metricValue, operatorSymbol } from '@/lib/alerts/evaluation/conditions';
import { getAlertRuleOrThrow } from '@/lib/alerts/get-alert-rule-or-throw';

const LIMIT = 100;

export async function testAlertRule(ctx: ScopedContext, id: string, input: z.output<typeof ZTestRuleBody>) {
  const rule = await getAlertRuleOrThrow(ctx, id);
  const condition = ZRuleCondition.parse(rule.condition);
  const t = ZRuleTargets.parse(rule.targets ?? {});
  const any = !t.orgIds.length && !t.siteIds.length && !t.groupIds.length && !t.deviceIds.length;
  const where: Prisma.DeviceWhereInput = {
    AND: [
      tenantWhere(ctx),
      { partnerId: rule.partnerId, status: { in: ['online', 'offline'] } },
      rule.orgId ? { orgId: rule.orgId } : {},
      any ? {} : { OR: [{ orgId: { in: t.orgIds } }, { siteId: { in: t.siteIds } }, { id: { in: t.deviceIds } }, { memberships: { some: { groupId: { in: t.groupIds } } } }] },
      input.deviceId ? { id: input.deviceId } : {},
    ],
  };
  const devices = await db.device.findMany({ where, orderBy: [{ hostname: 'asc' }, { id: 'asc' }], take: LIMIT });
  if (input.deviceId && devices.length === 0) throw notFound('Device');
  const matches = await Promise.all(
    devices.map(async (d) => {
      if (condition.type === 'metric') {
        const value = metricValue(condition.metric, input.metrics ?? d);
        const matched = value !== null && compare(value, condition.operator, condition.threshold);
        const reason = value === null ? `no ${condition.metric} value reported` : `${condition.metric} ${value.toFixed(1)}% ${matched ? '' : 'not '}${operatorSymbol(condition.operator)} ${condition.threshold}%`.replace('  ', ' ');
        return { deviceId: d.id, hostname: d.hostname, matched, value, reason };
      }
      if (condition.type === 'offline') {
        const silentMin = d.lastSeenAt ? (Date.now() - d.lastSeenAt.getTime()) / 60_000 : null;
        const matched = silentMin !== null && silentMin >= condition.durationMinutes;
        return { deviceId: d.id, hostname: d.hostname, matched, value: silentMin === null ? null : Math.floor(silentMin), reason: silentMin === null ? 'never seen' : `silent for ${Math.floor(silentMin)} min (threshold ${condition.durationMinutes})` };
      }
      const last = await db.deviceCommand.findFirst({
        where: { deviceId: d.id, status: { in: ['completed', 'failed', 'timed_out'] }, ...(condition.commandTypes.length ? { type: { in: condition.commandTypes } } : {}) },
        orderBy: { completedAt: 'desc' },
        select: { type: true, status: true },
      });
      const matched = last?.status === 'failed' || last?.status === 'timed_out';
      return { deviceId: d.id, hostname: d.hostname, matched, value: null, reason: last ? `last ${last.type} ${last.status}` : 'no command result yet' };
    }),
  );
  return { ruleId: rule.id, conditionType: condition.type, evaluated: devices.length, matches, note: 'Dry run: nothing is raised or stored' };
}
