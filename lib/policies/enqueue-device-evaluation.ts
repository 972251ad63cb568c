// A device's data or placement changed (inventory, site, tags, organization, static group): its
// policies are evaluated again soon, once per device however many changes arrive meanwhile (job
// key), and only when its partner has an active policy.
import type { Tx } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { policyDeviceIds } from '@/lib/policies/evaluate-policies';
import { enqueuePolicyEvaluation } from '@/lib/policies/evaluation-queue';

async function partnerHasPolicies(tx: Tx, partnerId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ has: boolean }[]>`select exists (select 1 from policies where partner_id = ${partnerId}::uuid and active) as has`;
  return Boolean(row?.has);
}

export async function enqueueDeviceEvaluation(tx: Tx, partnerId: string, deviceId: string): Promise<void> {
  if (!(await partnerHasPolicies(tx, partnerId))) return;
  await enqueueJob(tx, 'evaluate_policies', { deviceIds: [deviceId] }, { jobKey: `evaluate_policies:device:${deviceId}`, jobKeyMode: 'replace' });
}

/** Many devices at once (a static group's new members): one job for all of them. */
export async function enqueueDevicesEvaluation(tx: Tx, partnerId: string, deviceIds: string[]): Promise<void> {
  if (deviceIds.length === 0) return;
  if (deviceIds.length === 1) return enqueueDeviceEvaluation(tx, partnerId, deviceIds[0]);
  if (!(await partnerHasPolicies(tx, partnerId))) return;
  for (let i = 0; i < deviceIds.length; i += 5000) await enqueueJob(tx, 'evaluate_policies', { deviceIds: deviceIds.slice(i, i + 5000) });
}

/**
 * A saved filter changed or is about to be deleted: the policies assigned to it are evaluated
 * again over the devices they apply to now (read before the change) and those the filter
 * matches afterwards (read by the job).
 */
export async function enqueueFilterPoliciesEvaluation(tx: Tx, filterId: string): Promise<void> {
  const rows = await tx.policyAssignment.findMany({ where: { targetType: 'filter', targetId: filterId, policy: { active: true } }, select: { policyId: true }, distinct: ['policyId'] });
  for (const { policyId } of rows) await enqueuePolicyEvaluation(tx, { policyId, deviceIds: await policyDeviceIds(tx, policyId) });
}
