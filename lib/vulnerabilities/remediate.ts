// POST /vulnerabilities/remediate: the fixing patch of each selected finding, installed through
// the patch jobs of lib/patches. For each finding, the update a patch scan found for its package
// on its device that reaches the fixed version is approved for the device's organization (the
// approval notes the CVEs), then one install job per device carries those patches (skips keep
// the patch jobs' reasons). Findings without such an update are skipped: NO_FIX_PUBLISHED (no
// fixed version yet) or NO_FIXING_PATCH (scan the device first). Findings clear when the agent's
// next inventory shows the fixed version.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { decideInTx } from '@/lib/patches/decide-patch';
import { createPatchJobs } from '@/lib/patches/create-patch-jobs';
import type { ZRemediateBody } from './schemas';
import { selectFindings } from './select-findings';
import { fixingPatches } from './load-findings';

export async function remediateFindings(ctx: ActorContext, body: z.output<typeof ZRemediateBody>) {
  const findings = await selectFindings(ctx, body);
  if (findings.length === 0) throw notFound('Finding');
  const patches = await fixingPatches(findings.map((f) => ({ id: f.id, deviceId: f.device_id, packageName: f.package_name, ecosystem: f.ecosystem, fixedVersion: f.fixed_version })));
  const skipped: { deviceId: string; reason: string }[] = [];
  const perDevice = new Map<string, Set<string>>();
  const perPatch = new Map<string, { orgIds: Set<string>; cves: Set<string>; name: string; version: string }>();
  for (const f of findings) {
    const p = patches.get(f.id);
    if (!p) {
      skipped.push({ deviceId: f.device_id, reason: f.fixed_version === null ? 'NO_FIX_PUBLISHED' : 'NO_FIXING_PATCH' });
      continue;
    }
    if (!perDevice.has(f.device_id)) perDevice.set(f.device_id, new Set());
    perDevice.get(f.device_id)!.add(p.patchId);
    const entry = perPatch.get(p.patchId) ?? { orgIds: new Set<string>(), cves: new Set<string>(), name: f.package_name, version: p.version };
    entry.orgIds.add(f.org_id);
    entry.cves.add(f.cve_id);
    perPatch.set(p.patchId, entry);
  }
  const approvedPatches: { patchId: string; orgId: string; name: string; version: string }[] = [];
  if (perPatch.size) {
    await db.$transaction(async (tx) => {
      for (const [patchId, e] of perPatch) {
        await decideInTx(tx, ctx, patchId, { action: 'approve' }, { orgIds: [...e.orgIds], note: `Remediating ${[...e.cves].slice(0, 20).join(', ')}`.slice(0, 1000) });
        for (const orgId of e.orgIds) approvedPatches.push({ patchId, orgId, name: e.name, version: e.version });
      }
    });
  }
  const jobs: { id: string; deviceId: string; status: string; patchIds: string[] }[] = [];
  // One call per distinct patch set (usually one), so each device gets exactly its fixing patches.
  const bySet = new Map<string, string[]>();
  for (const [deviceId, ids] of perDevice) {
    const key = [...ids].sort().join(',');
    bySet.set(key, [...(bySet.get(key) ?? []), deviceId]);
  }
  for (const [key, deviceIds] of bySet) {
    for (let i = 0; i < deviceIds.length; i += 1000) {
      const out = await createPatchJobs(ctx, { deviceIds: deviceIds.slice(i, i + 1000), patchIds: key.split(','), schedule: body.schedule, rebootBehavior: body.rebootBehavior });
      jobs.push(...out.jobs.map((j) => ({ id: j.id, deviceId: j.deviceId, status: j.status, patchIds: j.patchIds })));
      skipped.push(...out.skipped.map((s) => ({ deviceId: s.deviceId, reason: s.reason })));
    }
  }
  const unique = new Map(skipped.map((s) => [`${s.deviceId}/${s.reason}`, s]));
  return { approvedPatches, jobs, skipped: [...unique.values()] };
}
