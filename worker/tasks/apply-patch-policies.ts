import type { Task } from 'graphile-worker';
import { applyPatchPolicies } from '@/lib/patches/apply-patch-policies';

// Hourly: enabled patch policies approve the patches their rules have come due for.
export const applyPatchPoliciesTask: Task = async (_payload, helpers) => {
  const { policies, approved } = await applyPatchPolicies();
  if (approved) helpers.logger.info(`patch policies: ${approved} approval(s) from ${policies} policies`);
};
