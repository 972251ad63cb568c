import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { runPolicyEvaluation } from '@/lib/policies/evaluate-policies';

const ZPayload = z.object({ policyId: z.string().uuid().optional(), deviceIds: z.array(z.string().uuid()).optional() }).passthrough();

// Every 15 minutes (every device under an active policy) and at once for one policy on create,
// update, assignment change and deactivation, and for one device when its inventory changes.
export const evaluatePoliciesTask: Task = async (payload) => {
  const { policyId, deviceIds } = ZPayload.parse(payload ?? {});
  await runPolicyEvaluation({ policyId, deviceIds });
};
