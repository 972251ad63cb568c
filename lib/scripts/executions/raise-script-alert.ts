// A script's exitCodeSeverityMapping raises alerts: an exit code mapped to a severity opens (at
// most) one alert per script and device; a later run of that script on the device whose exit
// code maps to no severity resolves it.
import type { Tx } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { raiseAlertInTx } from '@/lib/alerts/raise-alert';
import { transitionInTx } from '@/lib/alerts/transition-alert';
import { SYSTEM_CONTEXT } from '@/lib/alerts/system-context';
import type { AlertSeverity } from '@/lib/alerts/schemas';

export const scriptOpenKey = (scriptId: string, deviceId: string) => `script:${scriptId}:${deviceId}`;

interface FinishedRun {
  id: string;
  partnerId: string;
  orgId: string;
  scriptId: string | null;
  scriptName: string;
  scriptVersion: number;
  deviceId: string;
  device: { hostname: string; siteId: string | null };
}

export async function raiseScriptAlert(tx: Tx, run: FinishedRun, status: string, exitCode: number | null, severity: string | null): Promise<void> {
  if (!run.scriptId || status === 'cancelled') return;
  const openKey = scriptOpenKey(run.scriptId, run.deviceId);
  if (!severity) {
    if (exitCode === null) return; // no verdict (timeout without an exit code): leave it open
    const open = await tx.alert.findUnique({ where: { openKey }, select: { id: true } });
    if (!open) return;
    try {
      await transitionInTx(tx, open.id, 'resolve', { userId: null, ctx: SYSTEM_CONTEXT }, { note: `Script run ${run.id} exited ${exitCode}`, audit: true });
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
    return;
  }
  await raiseAlertInTx(tx, {
    partnerId: run.partnerId,
    orgId: run.orgId,
    siteId: run.device.siteId,
    deviceId: run.deviceId,
    ruleId: null,
    monitorId: null,
    openKey,
    severity: severity as AlertSeverity,
    title: `${run.scriptName} exited ${exitCode} on ${run.device.hostname}`,
    message: `Script "${run.scriptName}" (version ${run.scriptVersion}) exited with code ${exitCode} on ${run.device.hostname}; its exit-code mapping rates that ${severity}.`,
    source: 'script',
    context: { scriptId: run.scriptId, executionId: run.id, exitCode, status, hostname: run.device.hostname },
  });
}
