// POST /deployments/:id/resume: paused → running. resumedAt makes the failure threshold count
// only failures recorded from now on before it pauses again.
import type { ActorContext } from '@/lib/auth/context';
import type { TDeployment } from '@/lib/deployments/schemas';
import { changeDeploymentState } from '@/lib/deployments/change-deployment-state';

export function resumeDeployment(ctx: ActorContext, id: string): Promise<TDeployment> {
  return changeDeploymentState(ctx, id, 'resume', () => ({ pauseReason: null, resumedAt: new Date() }));
}
