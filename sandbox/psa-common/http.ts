// Shared plumbing of the PSA sandboxes: a JSON server on loopback with a request log and a
// throttle switch (answer the next N API requests 429 with a Retry-After), so the adapters'
// rate-limit handling runs against real sockets.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SandboxRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: string;
  status: number;
}

export interface SandboxBase {
  url: string;
  requests: SandboxRequest[];
  /** The next `times` API requests answer 429 with `Retry-After: <retryAfterSeconds>`. */
  throttle(times: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, url: URL, body: string) => { status: number; body: unknown; headers?: Record<string, string> };

export function json(status: number, body: unknown, headers?: Record<string, string>) {
  return { status, body, headers };
}

export async function startJsonSandbox(handler: Handler, opts: { host?: string; port?: number; isApi: (path: string) => boolean }): Promise<SandboxBase> {
  const requests: SandboxRequest[] = [];
  const sockets = new Set<Socket>();
  let throttled = 0;
  let retryAfter = 1;
  const server = createServer((req, res: ServerResponse) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://sandbox');
      let out: ReturnType<Handler>;
      if (opts.isApi(url.pathname) && throttled > 0) {
        throttled--;
        out = json(429, { code: 'TooManyRequests', message: 'Rate limit exceeded' }, { 'retry-after': String(retryAfter) });
      } else {
        try {
          out = handler(req, url, body);
        } catch (error) {
          out = json(500, { message: (error as Error).message });
        }
      }
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])),
        status: out.status,
      });
      res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
      res.end(out.body === undefined ? '' : JSON.stringify(out.body));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  return {
    // An IPv6 literal (a ULA address on a machine without private IPv4) is bracketed in the URL.
    url: `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`,
    requests,
    throttle: (times, seconds = 1) => {
      throttled = times;
      retryAfter = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
