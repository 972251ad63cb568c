// PUT /agents/:agentId/patches: what a scan found on the agent's device. Catalogue rows are
// created once per package and version; the device's rows follow the report (new ones are
// `available`, ones no longer listed are `installed`, or `superseded` when a later version of
// the package is listed); each organization gets a pending approval for a patch it has not
// decided yet; `patch.available` fires for every patch new on the device.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { AgentContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { emitEvents } from '@/lib/events/emit-event';
import type { ZPatchReport } from '@/lib/patches/schemas';

type Report = z.output<typeof ZPatchReport>;

export async function storePatchReport(ctx: AgentContext, report: Report) {
  if (ctx.narrowed) throw new AppError('AGENT_ACCESS_NARROWED', 403, 'The partner is offboarding: patch reports are not accepted');
  const updates = [...new Map(report.updates.map((u) => [`${u.name}\u0000${u.version}`, u])).values()];
  return db.$transaction(async (tx) => {
    if (updates.length) {
      await tx.patch.createMany({
        data: updates.map((u) => ({
          source: 'linux' as const,
          name: u.name,
          version: u.version,
          title: `${u.name} ${u.version}`,
          vendor: u.origin?.split(/[:/,\s]/)[0] || null,
          description: u.description ?? null,
          severity: u.severity,
          cveIds: u.cveIds,
          origin: u.origin ?? null,
        })),
        skipDuplicates: true,
      });
    }
    const names = [...new Set(updates.map((u) => u.name))];
    const catalogue = names.length ? await tx.patch.findMany({ where: { source: 'linux', name: { in: names } } }) : [];
    const byKey = new Map(catalogue.map((p) => [`${p.name}\u0000${p.version}`, p]));
    // A later scan may learn CVE ids the first one could not (a changelog fetched later).
    for (const u of updates) {
      const p = byKey.get(`${u.name}\u0000${u.version}`);
      if (p && u.cveIds.some((c) => !p.cveIds.includes(c))) await tx.patch.update({ where: { id: p.id }, data: { cveIds: [...new Set([...p.cveIds, ...u.cveIds])] } });
    }

    const existing = await tx.devicePatch.findMany({ where: { deviceId: ctx.deviceId }, include: { patch: { select: { name: true, version: true } } } });
    const known = new Map(existing.map((r) => [r.patchId, r]));
    const reported = updates.map((u) => ({ u, patch: byKey.get(`${u.name}\u0000${u.version}`)! })).filter((r) => r.patch);
    const fresh = reported.filter((r) => !known.has(r.patch.id));
    await tx.devicePatch.createMany({
      data: fresh.map(({ u, patch }) => ({ partnerId: ctx.partnerId, orgId: ctx.orgId, deviceId: ctx.deviceId, patchId: patch.id, installedVersion: u.installedVersion || null })),
      skipDuplicates: true,
    });
    // Listed again after it was installed or superseded: the device needs it once more.
    const again = reported.filter((r) => ['installed', 'superseded'].includes(known.get(r.patch.id)?.status ?? '')).map((r) => r.patch.id);
    if (again.length) await tx.devicePatch.updateMany({ where: { deviceId: ctx.deviceId, patchId: { in: again } }, data: { status: 'available', installedAt: null } });

    const listed = new Set(reported.map((r) => r.patch.id));
    const listedNames = new Set(reported.map((r) => r.u.name));
    const gone = existing.filter((r) => !listed.has(r.patchId) && (r.status === 'available' || r.status === 'failed'));
    const superseded = gone.filter((r) => listedNames.has(r.patch.name)).map((r) => r.id);
    const installed = gone.filter((r) => !listedNames.has(r.patch.name)).map((r) => r.id);
    if (superseded.length) await tx.devicePatch.updateMany({ where: { id: { in: superseded } }, data: { status: 'superseded' } });
    if (installed.length) await tx.devicePatch.updateMany({ where: { id: { in: installed } }, data: { status: 'installed', installedAt: new Date(), lastError: null } });

    if (reported.length) {
      await tx.patchApproval.createMany({ data: reported.map((r) => ({ partnerId: ctx.partnerId, orgId: ctx.orgId, patchId: r.patch.id })), skipDuplicates: true });
    }
    await emitEvents(
      tx,
      fresh.map(({ u, patch }) => ({
        type: 'patch.available' as const,
        partnerId: ctx.partnerId,
        orgId: ctx.orgId,
        data: { patchId: patch.id, deviceId: ctx.deviceId, hostname: ctx.hostname, source: patch.source, name: patch.name, version: patch.version, installedVersion: u.installedVersion, severity: patch.severity, cveIds: patch.cveIds },
      })),
    );
    return { available: reported.length, new: fresh.length, resolved: gone.length };
  });
}
