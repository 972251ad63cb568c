// The evaluate_policies jobs: how a change queues an evaluation, and how a policy's run takes
// over the policy runs queued behind it in its partner's queue.
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

export const EVALUATE_TASK = 'evaluate_policies';

export interface EvaluateRequest {
  policyId?: string;
  deviceIds?: string[];
}

const PARTNER_QUEUE = `${EVALUATE_TASK}:partner:`;
const partnerQueue = (partnerId: string) => `${PARTNER_QUEUE}${partnerId}`;

/** Queues an evaluation (with the change that caused it). Policy-wide runs share a job key. */
export async function enqueuePolicyEvaluation(tx: Tx, req: EvaluateRequest): Promise<void> {
  const deviceIds = req.deviceIds?.slice(0, 5000);
  const jobKey = req.policyId ? `${EVALUATE_TASK}:${req.policyId}` : undefined;
  // Policy-wide jobs of one partner lock the same device chunks in the same order: run side by
  // side (twenty policies created together) they wait on each other until their transactions
  // time out. A named queue per partner runs them one after another instead.
  const [owner] = req.policyId ? await tx.$queryRaw<{ partner_id: string }[]>`select partner_id from policies where id = ${req.policyId}::uuid` : [];
  const queueName = owner ? partnerQueue(owner.partner_id) : undefined;
  // A newer change of the same policy replaces a job still waiting: it reads the policy's devices
  // again; a device dropped in between keeps stale rows only until the scheduled run clears them.
  await enqueueJob(tx, EVALUATE_TASK, { policyId: req.policyId, deviceIds }, { jobKey, jobKeyMode: jobKey ? 'replace' : undefined, queueName });
}

/** An evaluate_policies job's payload (the worker task parses it too). */
export const ZEvaluatePayload = z.object({ policyId: z.string().uuid().optional(), deviceIds: z.array(z.string().uuid()).optional() }).passthrough();

/**
 * The policy-wide jobs waiting behind this one in the policy's partner queue, taken over by this
 * run: twenty policies created together then cost two passes over their devices, not twenty. A
 * job is taken by deleting it while no worker holds it (as graphile_worker.remove_job does), so
 * a worker that locked it first runs it and this run never sees it. Exhausted jobs stay failed.
 * Should this process die mid-run, the scheduled evaluation of every device (every 15 minutes)
 * decides the taken policies' checks.
 */
export async function takeQueuedPolicyJobs(policyId: string): Promise<EvaluateRequest[]> {
  const rows = await db.$queryRaw<{ payload: unknown }[]>`
    delete from graphile_worker._private_jobs j
    using graphile_worker._private_job_queues q, graphile_worker._private_tasks t, policies p
    where p.id = ${policyId}::uuid and q.queue_name = ${PARTNER_QUEUE} || p.partner_id::text
      and j.job_queue_id = q.id and t.id = j.task_id and t.identifier = ${EVALUATE_TASK}
      and j.locked_at is null and j.attempts < j.max_attempts
    returning j.payload`;
  return rows.flatMap((r) => {
    const parsed = ZEvaluatePayload.safeParse(r.payload);
    return parsed.success && parsed.data.policyId ? [{ policyId: parsed.data.policyId, deviceIds: parsed.data.deviceIds }] : [];
  });
}

/** Queues again the runs a failed run had taken over. */
export async function requeuePolicyEvaluations(tx: Tx, runs: EvaluateRequest[]): Promise<void> {
  for (const run of runs) await enqueuePolicyEvaluation(tx, run);
}
