import type { Task } from 'graphile-worker';
import { runPolicyEvaluation } from '@/lib/policies/evaluate-policies';
import { ZEvaluatePayload } from '@/lib/policies/evaluation-queue';

// Every 15 minutes (every device under an active policy) and at once for one policy on create,
// update, assignment change and deactivation, and for one device when its inventory changes.
export const evaluatePoliciesTask: Task = async (payload) => {
  const { policyId, deviceIds } = ZEvaluatePayload.parse(payload ?? {});
  await runPolicyEvaluation({ policyId, deviceIds });
};
