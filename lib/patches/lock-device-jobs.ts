// Patch jobs are created per device after checking the device's open jobs; this transaction
// lock per device (taken in id order, so two callers never deadlock) makes that check and the
// insert one step across every worker and request.
import type { Tx } from '@/lib/db';

export async function lockDevicesForPatchJobs(tx: Tx, deviceIds: string[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await tx.$queryRaw`select count(pg_advisory_xact_lock(hashtextextended('patch_jobs:' || id::text, 0)))::int as n from (select unnest(${deviceIds}::uuid[]) as id order by 1) ids`;
}
