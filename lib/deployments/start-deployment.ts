// POST /deployments/:id/start: ready → running, batch 1; the worker dispatches it at once.
import type { ActorContext } from '@/lib/auth/context';
import type { TDeployment } from '@/lib/deployments/schemas';
import { changeDeploymentState } from '@/lib/deployments/change-deployment-state';

export function startDeployment(ctx: ActorContext, id: string): Promise<TDeployment> {
  return changeDeploymentState(ctx, id, 'start', () => {
    const now = new Date();
    return { startedAt: now, currentBatch: 1, batchStartedAt: now, pauseReason: null };
  });
}
