// The read side of security posture: per-device status and posture, the area views (firewall,
// encryption, password policy, admin audit), the score breakdown, trends and the dashboard.
// Tenancy is the device predicate (deviceWhere) in every where.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { deviceWhere } from '@/lib/devices/device-scope';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { notFound } from '@/lib/http/errors';
import { SECURITY_CHECK_KEYS, type SecurityCheckKey, type TSecurityReport } from '@/lib/security/posture-schemas';
import { CHECK_INFO, DEFAULT_WEIGHTS, SCORE_FORMULA, signatureAgeDays, type CheckOutcome } from '@/lib/security/score';
import { pendingSecurityUpdates } from '@/lib/security/recompute-security-scores';
import { listRecommendations } from '@/lib/security/recommendations';
import { threatCounts } from '@/lib/security/threats';

const withState = { securityState: true } as const;
type DeviceWithState = Prisma.DeviceGetPayload<{ include: typeof withState }>;

async function scopeWhere(ctx: ActorContext, orgId?: string): Promise<Prisma.DeviceWhereInput> {
  if (orgId) await getOrganizationOrThrow(ctx, orgId);
  return { ...deviceWhere(ctx), status: { notIn: ['decommissioned', 'uninstalled'] }, ...(orgId ? { orgId } : {}) };
}

const checksOf = (d: DeviceWithState): CheckOutcome[] => (Array.isArray(d.securityState?.checks) ? (d.securityState.checks as unknown as CheckOutcome[]) : []);

async function statusRows(ctx: ActorContext, devices: DeviceWithState[]) {
  const ids = devices.map((d) => d.id);
  const [threats, scans] = await Promise.all([
    db.securityThreat.groupBy({ by: ['deviceId'], where: { deviceId: { in: ids }, status: { in: ['detected', 'quarantined', 'restored'] } }, _count: { _all: true } }),
    db.securityScan.groupBy({ by: ['deviceId'], where: { deviceId: { in: ids } }, _max: { createdAt: true } }),
  ]);
  return devices.map((d) => ({
    deviceId: d.id,
    hostname: d.hostname,
    orgId: d.orgId,
    osType: d.osType,
    score: d.securityState?.score ?? null,
    reportedAt: d.securityState?.receivedAt.toISOString() ?? null,
    scoredAt: d.securityState?.scoredAt?.toISOString() ?? null,
    checks: checksOf(d),
    activeThreats: threats.find((t) => t.deviceId === d.id)?._count._all ?? 0,
    lastScanAt: scans.find((s) => s.deviceId === d.id)?._max.createdAt?.toISOString() ?? null,
  }));
}

export async function listSecurityStatus(ctx: ActorContext, q: { orgId?: string; page: number; limit: number }) {
  const where = await scopeWhere(ctx, q.orgId);
  const [devices, total] = await Promise.all([
    db.device.findMany({ where, include: withState, orderBy: [{ hostname: 'asc' }, { id: 'asc' }], skip: (q.page - 1) * q.limit, take: q.limit }),
    db.device.count({ where }),
  ]);
  return { data: await statusRows(ctx, devices), pagination: { page: q.page, limit: q.limit, total } };
}

export async function getSecurityStatus(ctx: ActorContext, deviceId: string) {
  await getDeviceOrThrow(ctx, deviceId);
  const device = await db.device.findUniqueOrThrow({ where: { id: deviceId }, include: withState });
  return (await statusRows(ctx, [device]))[0];
}

function postureDto(d: DeviceWithState, pending: Map<string, number>) {
  const s = d.securityState!;
  const av = s.antivirus as TSecurityReport['antivirus'];
  return {
    deviceId: d.id,
    hostname: d.hostname,
    orgId: d.orgId,
    reportedAt: s.receivedAt.toISOString(),
    firewall: s.firewall as TSecurityReport['firewall'],
    encryption: s.encryption as TSecurityReport['encryption'],
    antivirus: { ...av, signatureAgeDays: signatureAgeDays(av.signatureUpdatedAt ?? null, new Date()) },
    passwordPolicy: s.passwordPolicy as TSecurityReport['passwordPolicy'],
    adminAccounts: s.adminAccounts as TSecurityReport['adminAccounts'],
    sshd: s.sshd as TSecurityReport['sshd'],
    pendingSecurityUpdates: pending.get(d.id) ?? null,
  };
}

/** Devices that reported, one page. */
async function reportedPage(ctx: ActorContext, q: { orgId?: string; page: number; limit: number }, extra: Prisma.DeviceWhereInput = {}) {
  const where: Prisma.DeviceWhereInput = { AND: [await scopeWhere(ctx, q.orgId), { securityState: { isNot: null } }, extra] };
  const [devices, total] = await Promise.all([
    db.device.findMany({ where, include: withState, orderBy: [{ hostname: 'asc' }, { id: 'asc' }], skip: (q.page - 1) * q.limit, take: q.limit }),
    db.device.count({ where }),
  ]);
  return { devices, total };
}

export async function listPosture(ctx: ActorContext, q: { orgId?: string; page: number; limit: number }) {
  const { devices, total } = await reportedPage(ctx, q);
  const pending = await db.$transaction((tx) => pendingSecurityUpdates(tx, devices.map((d) => d.id)));
  return { data: devices.map((d) => postureDto(d, pending)), pagination: { page: q.page, limit: q.limit, total } };
}

export async function getPosture(ctx: ActorContext, deviceId: string) {
  await getDeviceOrThrow(ctx, deviceId);
  const device = await db.device.findUniqueOrThrow({ where: { id: deviceId }, include: withState });
  if (!device.securityState) throw notFound('Security posture (the device has not reported one yet)');
  const pending = await db.$transaction((tx) => pendingSecurityUpdates(tx, [deviceId]));
  return postureDto(device, pending);
}

const AREA: Record<'firewall' | 'encryption' | 'passwordPolicy' | 'adminAccounts', SecurityCheckKey> = {
  firewall: 'firewall_enabled',
  encryption: 'disk_encryption',
  passwordPolicy: 'password_policy',
  adminAccounts: 'admin_accounts',
};

/** One area of the report per device with that area's check outcome; `status` filters on the outcome. */
export async function listArea(ctx: ActorContext, area: keyof typeof AREA, q: { orgId?: string; page: number; limit: number; status?: 'pass' | 'fail' | 'unknown' }) {
  const key = AREA[area];
  const base = await scopeWhere(ctx, q.orgId);
  const all = await db.device.findMany({ where: { AND: [base, { securityState: { isNot: null } }] }, include: withState, orderBy: [{ hostname: 'asc' }, { id: 'asc' }] });
  const rows = all.map((d) => {
    const c = checksOf(d).find((x) => x.key === key);
    return { deviceId: d.id, hostname: d.hostname, orgId: d.orgId, reportedAt: d.securityState!.receivedAt.toISOString(), status: c?.status ?? ('unknown' as const), detail: c?.detail ?? '', state: d.securityState![area] };
  });
  const summary = { pass: 0, fail: 0, unknown: 0 };
  for (const r of rows) summary[r.status]++;
  const filtered = q.status ? rows.filter((r) => r.status === q.status) : rows;
  return { data: filtered.slice((q.page - 1) * q.limit, q.page * q.limit), pagination: { page: q.page, limit: q.limit, total: filtered.length }, summary };
}

export async function scoreBreakdown(ctx: ActorContext, q: { orgId?: string }) {
  const where = await scopeWhere(ctx, q.orgId);
  const devices = await db.device.findMany({ where, include: withState });
  const scored = devices.filter((d) => d.securityState?.score !== null && d.securityState?.score !== undefined);
  const checks = SECURITY_CHECK_KEYS.map((key) => {
    const counts = { pass: 0, fail: 0, unknown: 0 };
    for (const d of devices) {
      const c = checksOf(d).find((x) => x.key === key);
      if (c && c.enabled) counts[c.status]++;
    }
    return { key, label: CHECK_INFO[key].label, defaultWeight: DEFAULT_WEIGHTS[key], ...counts, passRate: counts.pass + counts.fail ? counts.pass / (counts.pass + counts.fail) : null };
  });
  return {
    score: scored.length ? Math.round(scored.reduce((a, d) => a + d.securityState!.score!, 0) / scored.length) : null,
    devices: devices.length,
    scoredDevices: scored.length,
    formula: `${SCORE_FORMULA}. The fleet score is the mean of the device scores.`,
    checks,
  };
}

export async function trends(ctx: ActorContext, q: { orgId?: string; deviceId?: string; days: number }) {
  const since = new Date(new Date().toISOString().slice(0, 10));
  since.setUTCDate(since.getUTCDate() - (q.days - 1));
  const byDay = new Map<string, { sum: number; n: number }>();
  if (q.deviceId) {
    await getDeviceOrThrow(ctx, q.deviceId);
    const rows = await db.deviceSecurityScoreDaily.findMany({ where: { deviceId: q.deviceId, day: { gte: since } } });
    for (const r of rows) byDay.set(r.day.toISOString().slice(0, 10), { sum: r.score, n: 1 });
  } else {
    const where = await scopeWhere(ctx, q.orgId);
    const orgIds = q.orgId ? [q.orgId] : [...new Set((await db.device.findMany({ where, select: { orgId: true }, distinct: ['orgId'] })).map((d) => d.orgId))];
    const rows = await db.orgSecurityScoreDaily.findMany({ where: { orgId: { in: orgIds }, day: { gte: since } } });
    // The fleet's score of a day weighs each organization by its scored devices.
    for (const r of rows) {
      const k = r.day.toISOString().slice(0, 10);
      const cur = byDay.get(k) ?? { sum: 0, n: 0 };
      byDay.set(k, { sum: cur.sum + r.score * r.deviceCount, n: cur.n + r.deviceCount });
    }
  }
  const points = [];
  for (let i = 0; i < q.days; i++) {
    const d = new Date(since);
    d.setUTCDate(since.getUTCDate() + i);
    const k = d.toISOString().slice(0, 10);
    const v = byDay.get(k);
    points.push({ day: k, score: v && v.n ? Math.round(v.sum / v.n) : null, devices: q.deviceId ? (v ? 1 : 0) : (v?.n ?? 0) });
  }
  return { days: q.days, points };
}

export async function dashboard(ctx: ActorContext, q: { orgId?: string }) {
  const where = await scopeWhere(ctx, q.orgId);
  const devices = await db.device.findMany({ where, include: withState });
  const scored = devices.filter((d) => typeof d.securityState?.score === 'number');
  const failing: Record<string, number> = Object.fromEntries(SECURITY_CHECK_KEYS.map((k) => [k, 0]));
  for (const d of devices) for (const c of checksOf(d)) if (c.enabled && c.status === 'fail') failing[c.key]++;
  const trend = await trends(ctx, { orgId: q.orgId, days: 30 });
  const weekAgo = trend.points[trend.points.length - 8]?.score ?? null;
  const recs = await listRecommendations(ctx, { orgId: q.orgId, status: 'open', page: 1, limit: 5 });
  return {
    score: scored.length ? Math.round(scored.reduce((a, d) => a + d.securityState!.score!, 0) / scored.length) : null,
    previousScore: weekAgo,
    devices: devices.length,
    reportingDevices: devices.filter((d) => d.securityState).length,
    failing,
    worstDevices: scored
      .sort((a, b) => a.securityState!.score! - b.securityState!.score! || a.hostname.localeCompare(b.hostname))
      .slice(0, 10)
      .map((d) => ({ deviceId: d.id, hostname: d.hostname, orgId: d.orgId, score: d.securityState!.score! })),
    trend: trend.points,
    openRecommendations: recs.data,
    threats: await threatCounts(ctx, q.orgId),
  };
}
