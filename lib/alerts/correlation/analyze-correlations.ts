// POST /alert-templates/correlations/analyze: a dry run over past alerts — how they would group
// by site, device or organization within a time window, and how many pages that saves.
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { ZAnalyzeBody } from '@/lib/alerts/correlation/schemas';

const LIMIT = 5000;
type Reason = 'site' | 'device' | 'org';

export async function analyzeCorrelations(ctx: ScopedContext, input: z.output<typeof ZAnalyzeBody>) {
  const windowMinutes = input.windowMinutes ?? Math.max(1, env().ALERT_CORRELATION_WINDOW_MINUTES);
  const until = input.until ?? new Date();
  const since = input.since ?? new Date(until.getTime() - 24 * 3600_000);
  const alerts = await db.alert.findMany({
    where: { AND: [tenantWhere(ctx), input.orgId ? { orgId: input.orgId } : {}, { status: { not: 'dismissed' }, triggeredAt: { gte: since, lt: until } }] },
    orderBy: { triggeredAt: 'asc' },
    take: LIMIT,
    select: { id: true, orgId: true, siteId: true, deviceId: true, triggeredAt: true },
  });
  const open = new Map<string, { key: string; reason: Reason; ids: string[]; first: Date; last: Date }>();
  const done: { key: string; reason: Reason; ids: string[]; first: Date; last: Date }[] = [];
  const windowMs = windowMinutes * 60_000;
  for (const a of alerts) {
    const candidates: { key: string; reason: Reason }[] = [];
    for (const by of input.by) {
      if (by === 'site' && a.siteId) candidates.push({ key: `site:${a.siteId}`, reason: 'site' });
      if (by === 'device' && a.deviceId) candidates.push({ key: `device:${a.deviceId}`, reason: 'device' });
      if (by === 'org') candidates.push({ key: `org:${a.orgId}`, reason: 'org' });
    }
    const hit = candidates.map((c) => open.get(c.key)).find((g) => g && a.triggeredAt.getTime() - g.last.getTime() <= windowMs);
    if (hit) {
      hit.ids.push(a.id);
      hit.last = a.triggeredAt;
      continue;
    }
    const first = candidates[0];
    if (!first) continue;
    const prev = open.get(first.key);
    if (prev) done.push(prev);
    open.set(first.key, { ...first, ids: [a.id], first: a.triggeredAt, last: a.triggeredAt });
  }
  const all = [...done, ...open.values()];
  const groups = all
    .filter((g) => g.ids.length >= 2)
    .sort((x, y) => x.first.getTime() - y.first.getTime())
    .map((g) => ({ key: g.key, reason: g.reason, alertIds: g.ids, count: g.ids.length, firstAt: g.first.toISOString(), lastAt: g.last.toISOString() }));
  return {
    windowMinutes,
    since: since.toISOString(),
    until: until.toISOString(),
    alerts: alerts.length,
    groups,
    pagesWithCorrelation: all.length,
    pagesWithout: alerts.length,
    note: 'Dry run: nothing is stored',
  };
}
