// Recomputation is queued, never run in the request that caused it: one job per device whose
// inventory changed (deduplicated by job key while it waits), and jobs of at most
// PACKAGES_PER_JOB package names for a feed change.
import type { DbOrTx } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

export const PACKAGES_PER_JOB = 200;

async function anyAdvisory(tx: DbOrTx): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ has: boolean }[]>`select exists (select 1 from vulnerability_advisories) as has`;
  return Boolean(row?.has);
}

/** A device's packages changed (or it moved): its findings are recomputed soon, once however many uploads arrive meanwhile. */
export async function enqueueDeviceRecompute(tx: DbOrTx, deviceId: string): Promise<void> {
  if (!(await anyAdvisory(tx))) return;
  await enqueueJob(tx, 'vulnerability_recompute', { deviceIds: [deviceId] }, { jobKey: `vulnerability_recompute:device:${deviceId}`, jobKeyMode: 'replace' });
}

/** A feed changed the advisories of these package names: only they are matched again, across the fleet. */
export async function enqueuePackageRecompute(tx: DbOrTx, names: string[]): Promise<number> {
  const unique = [...new Set(names)].sort();
  let jobs = 0;
  for (let i = 0; i < unique.length; i += PACKAGES_PER_JOB) {
    await enqueueJob(tx, 'vulnerability_recompute', { packageNames: unique.slice(i, i + PACKAGES_PER_JOB) });
    jobs++;
  }
  return jobs;
}
