// TLS check: handshake with the target (pinned address, SNI = host) and read the peer
// certificate; down when it expires within minDaysValid or the chain does not verify.
import tls from 'node:tls';
import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import type { ZTlsConfig } from '@/lib/monitors/schemas';
import { checkMonitorHost } from '@/lib/monitors/monitor-target';
import type { CheckOutcome } from '@/lib/monitors/checks/check-outcome';

const DAY_MS = 86_400_000;

export async function tlsCheck(config: z.output<typeof ZTlsConfig>, timeoutMs: number): Promise<CheckOutcome> {
  const target = await checkMonitorHost(config.host);
  if (!target.ok) return { status: 'down', latencyMs: null, message: `Target refused: ${target.reason}`, details: {} };
  const servername = config.servername ?? config.host;
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = tls.connect({ host: target.pinned.address, port: config.port, servername: isIpLike(servername) ? undefined : servername, rejectUnauthorized: false });
    const finish = (o: CheckOutcome) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(o);
    };
    const timer = setTimeout(() => finish({ status: 'down', latencyMs: null, message: `Timed out after ${timeoutMs} ms`, details: {} }), timeoutMs);
    socket.once('secureConnect', () => {
      const latencyMs = Math.round(performance.now() - started);
      const cert = socket.getPeerCertificate();
      if (!cert || !cert.valid_to) return finish({ status: 'down', latencyMs, message: 'No certificate presented', details: {} });
      const validTo = new Date(cert.valid_to);
      const daysLeft = Math.floor((validTo.getTime() - Date.now()) / DAY_MS);
      const details = { validTo: validTo.toISOString(), daysLeft, subject: cert.subject?.CN ?? null, issuer: cert.issuer?.CN ?? null, authorized: socket.authorized, authorizationError: socket.authorizationError ? String(socket.authorizationError) : null };
      if (daysLeft < 0) return finish({ status: 'down', latencyMs, message: `Certificate expired ${-daysLeft} day(s) ago`, details });
      if (daysLeft < config.minDaysValid) return finish({ status: 'down', latencyMs, message: `Certificate expires in ${daysLeft} day(s) (minimum ${config.minDaysValid})`, details });
      if (!socket.authorized) return finish({ status: 'down', latencyMs, message: `Certificate not trusted: ${details.authorizationError}`, details });
      finish({ status: 'up', latencyMs, message: `Certificate valid for ${daysLeft} more day(s)`, details });
    });
    socket.once('error', (e: NodeJS.ErrnoException) => finish({ status: 'down', latencyMs: null, message: `${e.code ?? 'ERROR'}: ${e.message}`, details: {} }));
  });
}

function isIpLike(s: string): boolean {
  return /^[\d.]+$/.test(s) || s.includes(':');
}
