import type { Monitor } from '@/lib/generated/prisma/client';
import { MONITOR_CONFIGS } from '@/lib/monitors/schemas';
import type { CheckOutcome } from '@/lib/monitors/checks/check-outcome';
import { httpCheck } from '@/lib/monitors/checks/http-check';
import { tcpCheck } from '@/lib/monitors/checks/tcp-check';
import { dnsCheck } from '@/lib/monitors/checks/dns-check';
import { tlsCheck } from '@/lib/monitors/checks/tls-check';

/** Runs the monitor's check once; never throws (a failure is a `down` outcome). */
export async function runCheck(m: Pick<Monitor, 'kind' | 'config' | 'timeoutMs'>): Promise<CheckOutcome> {
  try {
    switch (m.kind) {
      case 'http':
        return await httpCheck(MONITOR_CONFIGS.http.parse(m.config), m.timeoutMs);
      case 'tcp':
        return await tcpCheck(MONITOR_CONFIGS.tcp.parse(m.config), m.timeoutMs);
      case 'dns':
        return await dnsCheck(MONITOR_CONFIGS.dns.parse(m.config), m.timeoutMs);
      case 'tls':
        return await tlsCheck(MONITOR_CONFIGS.tls.parse(m.config), m.timeoutMs);
    }
  } catch (error) {
    return { status: 'down', latencyMs: null, message: `Check failed: ${(error as Error).message}`.slice(0, 1000), details: {} };
  }
}
