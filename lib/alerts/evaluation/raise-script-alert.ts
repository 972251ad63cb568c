// Script executions whose exit code maps to a severity (the script's exitCodeSeverityMapping)
// raise an alert through the common lifecycle: one open alert per (script, device); a later run
// of the same script on the device that completes without a mapped severity resolves it.
import type { Tx } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { SEVERITIES, type AlertSeverity } from '@/lib/alerts/schemas';
import { raiseAlertInTx } from '@/lib/alerts/raise-alert';
import { transitionInTx } from '@/lib/alerts/transition-alert';
import { SYSTEM_CONTEXT } from '@/lib/alerts/system-context';

export interface ScriptOutcome {
  partnerId: string;
  orgId: string;
  deviceId: string;
  hostname: string;
  scriptId: string | null;
  scriptName: string;
  executionId: string;
  exitCode: number | null;
  status: string;
  severity: string | null;
}

export const scriptOpenKey = (scriptId: string, deviceId: string) => `script:${scriptId}:${deviceId}`;

export async function raiseScriptAlert(tx: Tx, s: ScriptOutcome): Promise<void> {
  if (!s.scriptId || s.status === 'cancelled') return;
  const key = scriptOpenKey(s.scriptId, s.deviceId);
  if (!s.severity || !(SEVERITIES as readonly string[]).includes(s.severity)) {
    // Only a clean (completed) run clears the alert; a failed run whose exit code maps to no
    // severity, a timeout or a cancel is no all-clear and leaves it open.
    if (s.status !== 'completed') return;
    const open = await tx.alert.findUnique({ where: { openKey: key }, select: { id: true } });
    if (!open) return;
    try {
      await transitionInTx(tx, open.id, 'resolve', { userId: null, ctx: SYSTEM_CONTEXT }, { note: `Script run ${s.executionId} exited ${s.exitCode}`, audit: true });
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
    return;
  }
  const device = await tx.device.findUnique({ where: { id: s.deviceId }, select: { siteId: true } });
  await raiseAlertInTx(tx, {
    partnerId: s.partnerId,
    orgId: s.orgId,
    siteId: device?.siteId ?? null,
    deviceId: s.deviceId,
    ruleId: null,
    monitorId: null,
    openKey: key,
    severity: s.severity as AlertSeverity,
    title: `${s.scriptName} exited ${s.exitCode} on ${s.hostname}`,
    message: `Script ${s.scriptName} exited with code ${s.exitCode} on ${s.hostname} (execution ${s.executionId}).`,
    source: 'script',
    context: { scriptId: s.scriptId, executionId: s.executionId, exitCode: s.exitCode, status: s.status, hostname: s.hostname },
  });
}
