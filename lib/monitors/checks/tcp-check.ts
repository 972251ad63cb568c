// TCP check: a connect to host:port (pinned to the checked address) within the timeout.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import type { ZTcpConfig } from '@/lib/monitors/schemas';
import { checkMonitorHost } from '@/lib/monitors/monitor-target';
import type { CheckOutcome } from '@/lib/monitors/checks/check-outcome';

export async function tcpCheck(config: z.output<typeof ZTcpConfig>, timeoutMs: number): Promise<CheckOutcome> {
  const target = await checkMonitorHost(config.host);
  if (!target.ok) return { status: 'down', latencyMs: null, message: `Target refused: ${target.reason}`, details: {} };
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.pinned.address, port: config.port, family: target.pinned.family });
    const finish = (o: CheckOutcome) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(o);
    };
    const timer = setTimeout(() => finish({ status: 'down', latencyMs: null, message: `Timed out after ${timeoutMs} ms`, details: { address: target.pinned.address } }), timeoutMs);
    socket.once('connect', () => {
      const latencyMs = Math.round(performance.now() - started);
      finish({ status: 'up', latencyMs, message: `Port ${config.port} open (${latencyMs} ms)`, details: { address: target.pinned.address } });
    });
    socket.once('error', (e: NodeJS.ErrnoException) => finish({ status: 'down', latencyMs: null, message: `${e.code ?? 'ERROR'}: port ${config.port} not reachable`, details: { address: target.pinned.address } }));
  });
}
