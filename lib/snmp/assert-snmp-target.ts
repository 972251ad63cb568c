// Where SNMP may be sent: the monitors' target rules (hosted: public addresses only; self-hosted:
// anything but cloud metadata). A name that does not resolve yet is accepted; polls then fail.
import { badRequest } from '@/lib/http/errors';
import { checkMonitorHost } from '@/lib/monitors/monitor-target';

export async function assertSnmpTarget(host: string, path = 'host'): Promise<void> {
  const check = await checkMonitorHost(host);
  if (!check.ok && !check.reason.startsWith('DNS lookup')) throw badRequest('Invalid SNMP target', [{ path, message: check.reason }], 'INVALID_SNMP_TARGET');
}
