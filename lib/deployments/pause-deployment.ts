// POST /deployments/:id/pause: running → paused (manual). Commands already created still run.
import type { ActorContext } from '@/lib/auth/context';
import type { TDeployment } from '@/lib/deployments/schemas';
import { changeDeploymentState } from '@/lib/deployments/change-deployment-state';

export function pauseDeployment(ctx: ActorContext, id: string): Promise<TDeployment> {
  return changeDeploymentState(ctx, id, 'pause', () => ({ pauseReason: 'manual' }));
}
