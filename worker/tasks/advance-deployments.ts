import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { advanceDeployments } from '@/lib/deployments/advance-deployments';

const ZPayload = z.object({ deploymentId: z.string().uuid().optional() }).passthrough();

// Every minute (all running deployments) and at once for one deployment on start, resume,
// retry and each device result.
export const advanceDeploymentsTask: Task = async (payload) => {
  const { deploymentId } = ZPayload.parse(payload ?? {});
  await advanceDeployments(deploymentId);
};
