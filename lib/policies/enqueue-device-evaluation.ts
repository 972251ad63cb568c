// A device's data changed (inventory): its policies are evaluated again soon, once per device
// however many changes arrive meanwhile (job key), and only when its partner has an active policy.
import type { Tx } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

export async function enqueueDeviceEvaluation(tx: Tx, partnerId: string, deviceId: string): Promise<void> {
  const [row] = await tx.$queryRaw<{ has: boolean }[]>`select exists (select 1 from policies where partner_id = ${partnerId}::uuid and active) as has`;
  if (!row?.has) return;
  await enqueueJob(tx, 'evaluate_policies', { deviceIds: [deviceId] }, { jobKey: `evaluate_policies:device:${deviceId}`, jobKeyMode: 'replace' });
}
