// HTTP(S) check: one request (no redirects) to the pinned address; status, optional keyword in
// the first 1 MiB of the body, optional latency ceiling.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import { pinnedLookup } from '@/lib/webhooks/send-webhook-request';
import type { ZHttpConfig } from '@/lib/monitors/schemas';
import { checkMonitorUrl } from '@/lib/monitors/monitor-target';
import type { CheckOutcome } from '@/lib/monitors/checks/check-outcome';

const BODY_LIMIT = 1024 * 1024;

export async function httpCheck(config: z.output<typeof ZHttpConfig>, timeoutMs: number): Promise<CheckOutcome> {
  const target = await checkMonitorUrl(config.url);
  if (!target.ok) return { status: 'down', latencyMs: null, message: `Target refused: ${target.reason}`, details: {} };
  const { url, pinned } = target;
  const started = performance.now();
  const transport = url.protocol === 'https:' ? https : http;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise<CheckOutcome>((resolve) => {
    let settled = false;
    const finish = (o: CheckOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(o);
    };
    const req = transport.request({
      protocol: url.protocol,
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: config.method,
      headers: { 'User-Agent': 'Service-Monitor/1.0', Accept: '*/*' },
      lookup: pinnedLookup(pinned),
      agent: false,
      ...(url.protocol === 'https:' ? { servername: hostname } : {}),
    });
    const deadline = setTimeout(() => req.destroy(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const latencyMs = Math.round(performance.now() - started);
        const code = res.statusCode ?? 0;
        const body = Buffer.concat(chunks).toString('utf8');
        const statusOk = config.expectedStatusCodes.length ? config.expectedStatusCodes.includes(code) : code >= 200 && code < 400;
        const details = { statusCode: code, address: pinned.address };
        if (!statusOk) return finish({ status: 'down', latencyMs, message: `Unexpected status ${code}`, details });
        if (config.keyword && !body.includes(config.keyword)) return finish({ status: 'down', latencyMs, message: `Keyword "${config.keyword}" not found`, details });
        if (config.maxLatencyMs && latencyMs > config.maxLatencyMs) return finish({ status: 'down', latencyMs, message: `Slow: ${latencyMs} ms > ${config.maxLatencyMs} ms`, details });
        finish({ status: 'up', latencyMs, message: `HTTP ${code} in ${latencyMs} ms`, details });
      };
      res.on('data', (c: Buffer) => {
        if (size >= BODY_LIMIT) return;
        chunks.push(c);
        size += c.length;
        if (size >= BODY_LIMIT) {
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.on('error', (e: NodeJS.ErrnoException) => finish({ status: 'down', latencyMs: Math.round(performance.now() - started), message: e.code && !e.message.includes(e.code) ? `${e.code}: ${e.message}` : e.message, details: { address: pinned.address } }));
    req.end();
  });
}
