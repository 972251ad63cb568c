// Recomputes the score of devices from their stored report, stores today's score per device and
// per organization, emits `security.score_changed` for every device whose score moved, and
// refreshes the organizations' recommendations (one per failed check). Runs in the caller's
// transaction: after a report, a patch scan or a security policy change, and daily (the cron
// job security_daily_scores, so every day has a row even without a new report).
import { db, type Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { emitEvent } from '@/lib/events/emit-event';
import { ZSecurityReport, type SecurityCheckKey } from '@/lib/security/posture-schemas';
import { CHECK_INFO, DEFAULT_WEIGHTS, effectiveSettings, scoreDevice, type CheckOutcome, type CheckSettings } from '@/lib/security/score';

const today = () => new Date(new Date().toISOString().slice(0, 10));

/** Pending security updates per device; a device missing from the map has never sent a patch scan. */
export async function pendingSecurityUpdates(tx: Tx, deviceIds: string[]): Promise<Map<string, number>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ device_id: string; n: number }[]>`
    select s.device_id::text, (select count(*)::int from device_patches dp join patches p on p.id = dp.patch_id
        where dp.device_id = s.device_id and dp.status = 'available'
          and (p.severity in ('critical', 'important') or coalesce(p.origin, '') ~* 'security')) as n
    from device_patch_scans s where s.device_id = any(${deviceIds}::uuid[])`;
  return new Map(rows.map((r) => [r.device_id, r.n]));
}

/** The check settings of each organization: its own policy, else the partner-wide one, else the defaults. */
export async function settingsFor(tx: Tx, partnerId: string, orgIds: string[]): Promise<Map<string, CheckSettings>> {
  const policies = await tx.securityPolicy.findMany({ where: { partnerId, OR: [{ orgId: null }, { orgId: { in: orgIds } }] } });
  const wide = policies.find((p) => p.orgId === null);
  return new Map(orgIds.map((o) => [o, effectiveSettings((policies.find((p) => p.orgId === o) ?? wide)?.checks as Record<string, CheckSetting> | undefined)]));
}
type CheckSetting = { enabled: boolean; weight: number };

export async function recomputeDeviceScores(tx: Tx, deviceIds: string[]): Promise<void> {
  if (deviceIds.length === 0) return;
  const states = await tx.deviceSecurityState.findMany({
    where: { deviceId: { in: deviceIds } },
    include: { device: { select: { id: true, partnerId: true, orgId: true, hostname: true } } },
  });
  const pending = await pendingSecurityUpdates(tx, deviceIds);
  const byPartner = new Map<string, typeof states>();
  for (const s of states) byPartner.set(s.device.partnerId, [...(byPartner.get(s.device.partnerId) ?? []), s]);
  const day = today();
  for (const [partnerId, rows] of byPartner) {
    const orgIds = [...new Set(rows.map((r) => r.device.orgId))];
    const settings = await settingsFor(tx, partnerId, orgIds);
    for (const s of rows) {
      const report = ZSecurityReport.safeParse({ firewall: s.firewall, encryption: s.encryption, antivirus: s.antivirus, passwordPolicy: s.passwordPolicy, adminAccounts: s.adminAccounts, sshd: s.sshd });
      if (!report.success) continue;
      const { score, checks } = scoreDevice(report.data, pending.get(s.deviceId) ?? null, settings.get(s.device.orgId)!);
      await tx.deviceSecurityState.update({ where: { deviceId: s.deviceId }, data: { score, checks: checks as unknown as Prisma.InputJsonValue, scoredAt: new Date() } });
      if (score !== null) {
        await tx.deviceSecurityScoreDaily.upsert({
          where: { deviceId_day: { deviceId: s.deviceId, day } },
          create: { deviceId: s.deviceId, day, orgId: s.device.orgId, score },
          update: { score, orgId: s.device.orgId },
        });
      }
      if (score !== s.score && (score !== null || s.score !== null)) {
        await emitEvent(tx, {
          type: 'security.score_changed',
          partnerId,
          orgId: s.device.orgId,
          data: { deviceId: s.deviceId, hostname: s.device.hostname, previousScore: s.score, score, failedChecks: checks.filter((c) => c.enabled && c.status === 'fail').map((c) => c.key) },
        });
      }
    }
    await recomputeOrgs(tx, partnerId, orgIds);
  }
}

interface OrgDeviceRow {
  device_id: string;
  score: number | null;
  checks: CheckOutcome[];
  received_at: Date;
}

/** Today's organization score (mean of scored devices) and the recommendations of each organization. */
export async function recomputeOrgs(tx: Tx, partnerId: string, orgIds: string[]): Promise<void> {
  const day = today();
  for (const orgId of orgIds) {
    const rows = await tx.$queryRaw<OrgDeviceRow[]>`
      select s.device_id::text, s.score, s.checks, s.received_at from device_security_states s join devices d on d.id = s.device_id
      where d.org_id = ${orgId}::uuid and d.status not in ('decommissioned', 'uninstalled')`;
    const scored = rows.filter((r) => r.score !== null);
    if (scored.length) {
      const score = Math.round(scored.reduce((a, r) => a + r.score!, 0) / scored.length);
      await tx.orgSecurityScoreDaily.upsert({
        where: { orgId_day: { orgId, day } },
        create: { orgId, day, partnerId, score, deviceCount: scored.length },
        update: { score, deviceCount: scored.length, partnerId },
      });
    }
    await refreshRecommendations(tx, partnerId, orgId, rows, scored.length);
  }
}

async function refreshRecommendations(tx: Tx, partnerId: string, orgId: string, rows: OrgDeviceRow[], scoredDevices: number) {
  const existing = await tx.securityRecommendation.findMany({ where: { orgId } });
  for (const key of Object.keys(DEFAULT_WEIGHTS) as SecurityCheckKey[]) {
    const failing: string[] = [];
    let gain = 0;
    let latestReport = 0;
    for (const r of rows) {
      const checks = Array.isArray(r.checks) ? r.checks : [];
      const c = checks.find((x) => x.key === key);
      if (!c || !c.enabled || c.status !== 'fail') continue;
      failing.push(r.device_id);
      latestReport = Math.max(latestReport, r.received_at.getTime());
      const possible = checks.filter((x) => x.enabled && x.status !== 'unknown').reduce((a, x) => a + x.weight, 0);
      if (possible > 0) gain += (100 * c.weight) / possible;
    }
    const impact = scoredDevices ? Math.round(gain / scoredDevices) : 0;
    const rec = existing.find((e) => e.checkKey === key);
    const deviceIds = failing.slice(0, 1000);
    if (!rec) {
      if (failing.length) await tx.securityRecommendation.create({ data: { partnerId, orgId, checkKey: key, affectedDevices: failing.length, deviceIds, impact } });
      continue;
    }
    let status = rec.status;
    if (failing.length === 0 && (status === 'open' || status === 'completed')) status = 'resolved';
    else if (failing.length > 0 && status === 'resolved') status = 'open';
    // Marked done, yet a device reported after that still fails: the work is not done.
    else if (failing.length > 0 && status === 'completed' && rec.actedAt && latestReport > rec.actedAt.getTime()) status = 'open';
    await tx.securityRecommendation.update({ where: { id: rec.id }, data: { status, affectedDevices: failing.length, deviceIds, impact, partnerId } });
  }
}

export const recommendationText = (key: SecurityCheckKey) => CHECK_INFO[key];

/**
 * Daily: recomputes every reported device (signature age grows without a report; new patch scans
 * change pending updates) so each day has a stored score per device and organization. Batches
 * of 500 devices, one transaction each.
 */
export async function recomputeAllScores(): Promise<number> {
  let after: string | undefined;
  let total = 0;
  for (;;) {
    const batch = await db.deviceSecurityState.findMany({ select: { deviceId: true }, where: after ? { deviceId: { gt: after } } : undefined, orderBy: { deviceId: 'asc' }, take: 500 });
    if (batch.length === 0) return total;
    await db.$transaction((tx) => recomputeDeviceScores(tx, batch.map((b) => b.deviceId)), { timeout: 120_000 });
    total += batch.length;
    after = batch[batch.length - 1].deviceId;
  }
}
