import type { Task } from 'graphile-worker';
import { applyPatchPolicies } from '@/lib/patches/apply-patch-policies';

// Hourly: enabled patch policies approve the patches their rules have come due for and queue
// their installs.
export const applyPatchPoliciesTask: Task = async (_payload, helpers) => {
  const { policies, approved, jobs } = await applyPatchPolicies();
  if (approved || jobs) helpers.logger.info(`patch policies: ${approved} approval(s), ${jobs} install job(s) from ${policies} policies`);
};
