// The patch commands a heartbeat delivers: patch_scan (report what is available),
// patch_install and patch_rollback (exact versions; the result lists each package's outcome,
// whether the device needs a reboot and whether one was scheduled, per the payload's `reboot`).
import { afterInstall, readRebootBehavior } from './patch-reboot';
import { installPackages, scanPatches, type PackageTarget, type PatchReport } from './patch-manager';
import type { CommandResult } from './executor';

export const PATCH_COMMANDS = ['patch_scan', 'patch_install', 'patch_rollback'] as const;

function targets(payload: Record<string, unknown>): PackageTarget[] {
  const list = Array.isArray(payload.packages) ? payload.packages : [];
  return list
    .filter((p): p is PackageTarget => typeof p?.name === 'string' && typeof p?.version === 'string')
    .map((p) => ({ patchId: p.patchId, name: p.name, version: p.version }));
}

export async function runPatchCommand(type: string, payload: Record<string, unknown>, sendPatches: (report: PatchReport) => Promise<void>): Promise<CommandResult> {
  if (type === 'patch_scan') {
    const report = await scanPatches();
    await sendPatches(report);
    return { status: 'completed', stdout: `${report.updates.length} update(s) available (${report.manager})`, result: { manager: report.manager, updates: report.updates.length, refreshed: report.refreshed } };
  }
  const packages = targets(payload);
  if (packages.length === 0) return { status: 'failed', stderr: 'No packages to install', result: { jobId: payload.jobId, packages: [] } };
  const outcome = await installPackages(packages, { downgrade: type === 'patch_rollback' });
  const failed = outcome.filter((o) => o.status === 'failed');
  // A partial failure reboots nothing: what failed may be retried without a restart between.
  const reboot = await afterInstall(readRebootBehavior(payload.reboot), failed.length === 0);
  return {
    status: failed.length ? 'failed' : 'completed',
    stdout: [...outcome.map((o) => `${o.name} ${o.version}: ${o.status}`), ...(reboot.rebootScheduled ? ['reboot scheduled'] : reboot.rebootRequired ? ['reboot required'] : [])].join('\n'),
    ...(failed.length ? { stderr: failed.map((o) => `${o.name}: ${o.error}`).join('\n') } : {}),
    result: { jobId: payload.jobId, packages: outcome, ...reboot },
  };
}
