import type { DeploymentDevice } from '@/lib/generated/prisma/client';
import type { TDeploymentDevice } from '@/lib/deployments/schemas';

/** `commandStatus`: a queued row whose command the agent claimed reads `running`. */
export function toDeploymentDeviceDto(r: DeploymentDevice, commandStatus?: string | null): TDeploymentDevice {
  return {
    deploymentId: r.deploymentId,
    deviceId: r.deviceId,
    hostname: r.hostname,
    orgId: r.orgId,
    batch: r.batch,
    status: r.status === 'queued' && commandStatus === 'sent' ? 'running' : r.status,
    attempts: r.attempts,
    commandId: r.commandId,
    error: r.error,
    output: r.output,
    result: r.result ?? null,
    startedAt: r.startedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}
