// One device row handed to its agent, by kind: a software_install command; a script execution
// (so it shows in the script history) through the ordinary execution path; a patch job through
// patching's own dispatch. Runs inside advance_deployments' transaction, under the deployment lock.
import type { Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Deployment, DeploymentDevice, Prisma } from '@/lib/generated/prisma/client';
import { executeScript } from '@/lib/scripts/executions/execute-script';
import { dispatchPatchJob } from '@/lib/patches/dispatch-patch-job';
import { OPEN_JOB_STATUSES } from '@/lib/patches/create-patch-jobs';
import type { SoftwareInstallPayload } from '@/lib/deployments/schemas';
import { managerOf, type ResolvedPayload } from '@/lib/deployments/validate-payload';
import type { DeviceGate } from '@/lib/deployments/maintenance-gates';

export type DispatchOutcome =
  | { status: 'queued'; commandId: string }
  | { status: 'waiting' | 'failed' | 'skipped'; error: string };

export async function dispatchDeploymentDevice(tx: Tx, d: Deployment, row: DeploymentDevice, device: DeviceGate, payload: ResolvedPayload): Promise<DispatchOutcome> {
  if (payload.kind === 'software') {
    const { pkg, version } = payload;
    let pkgPayload: SoftwareInstallPayload['package'];
    if (pkg.kind === 'installer') {
      if (!device.agentId) return { status: 'failed', error: 'The device has no enrolled agent' };
      pkgPayload = {
        kind: 'installer',
        versionId: version.id,
        fileName: version.installerFileName ?? 'installer',
        sha256: version.installerSha256 ?? '',
        sizeBytes: Number(version.installerSizeBytes ?? 0),
        downloadPath: `/api/v1/agents/${device.agentId}/software/installers/${version.id}`,
        silentArgs: version.silentInstallArgs,
      };
    } else {
      const ref = managerOf(pkg.packageRef)!;
      pkgPayload = { kind: 'package_manager', manager: ref.manager, name: ref.name, version: version.version === 'latest' ? null : version.version };
    }
    const body: SoftwareInstallPayload = { deploymentId: d.id, deploymentDeviceId: row.id, package: pkgPayload };
    const command = await tx.deviceCommand.create({
      data: { partnerId: row.partnerId, orgId: row.orgId, deviceId: row.deviceId, type: 'software_install', payload: body as Prisma.InputJsonValue, source: 'deployment', createdById: d.createdBy },
    });
    return { status: 'queued', commandId: command.id };
  }
  if (payload.kind === 'script') {
    const out = await executeScript(actingAs(d), payload.script.id, { deviceIds: [row.deviceId], parameters: payload.parameters, variables: {}, secretVariables: {} }, tx);
    const execution = out.executions[0];
    if (execution) return { status: 'queued', commandId: execution.commandId! };
    if (out.skipped[0]) return { status: 'skipped', error: `Not run: ${out.skipped[0].reason}` };
    return { status: 'failed', error: out.failed[0]?.message ?? 'The script could not be queued' };
  }
  const open = await tx.patchJob.findFirst({ where: { deviceId: row.deviceId, status: { in: [...OPEN_JOB_STATUSES] } }, select: { id: true } });
  if (open) return { status: 'waiting', error: `Another patch job (${open.id}) is open on the device` };
  const job = await tx.patchJob.create({
    data: { partnerId: row.partnerId, orgId: row.orgId, deviceId: row.deviceId, kind: 'install', schedule: 'now', status: 'scheduled', patchIds: payload.patchIds, createdBy: d.createdBy },
  });
  const dispatched = await dispatchPatchJob(tx, job);
  if (!dispatched.commandId) return { status: 'skipped', error: dispatched.error ?? 'Nothing to install' };
  return { status: 'queued', commandId: dispatched.commandId };
}

/**
 * The deployment's creator as the actor of the script executions it queues, confined to the
 * deployment's own scope (its organization, or its partner for a partner-wide one).
 */
function actingAs(d: Deployment): ActorContext {
  const org = d.orgId !== null;
  return {
    kind: 'user',
    userId: d.createdBy ?? '00000000-0000-0000-0000-000000000000',
    email: '',
    name: 'Deployment',
    sessionId: '',
    scope: org ? 'organization' : 'partner',
    partnerId: d.partnerId,
    orgId: d.orgId,
    roleId: '',
    permissions: new Set(),
    orgAccess: 'all',
    orgIds: org ? [d.orgId!] : [],
    mfa: false,
    requestId: `deployment:${d.id}`,
    ip: null,
  };
}
