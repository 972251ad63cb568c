// Write-time target check: a target the safety rules refuse is a 400. A name that does not
// resolve yet is accepted (the monitor then reports it down).
import type { MonitorKind } from '@/lib/monitors/schemas';
import { badRequest } from '@/lib/http/errors';
import { checkMonitorHost, checkMonitorUrl } from '@/lib/monitors/monitor-target';

export async function assertMonitorTarget(kind: MonitorKind, config: Record<string, unknown>): Promise<void> {
  let check: { ok: true } | { ok: false; reason: string } = { ok: true };
  if (kind === 'http') check = await checkMonitorUrl(String(config.url));
  if (kind === 'tcp' || kind === 'tls') check = await checkMonitorHost(String(config.host));
  if (!check.ok && !check.reason.startsWith('DNS lookup')) {
    throw badRequest('Invalid monitor target', [{ path: kind === 'http' ? 'config.url' : 'config.host', message: check.reason }], 'INVALID_MONITOR_TARGET');
  }
}
