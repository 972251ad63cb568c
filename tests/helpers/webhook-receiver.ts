// A real HTTP receiver on loopback for webhook tests: records every request (headers and raw
// body) and answers what the test scripts, by default 200.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Responder = (req: ReceivedRequest, index: number) => { status: number; body?: string } | 'hang';

export interface WebhookReceiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Sets how the following requests are answered. */
  respond(fn: Responder): void;
  /** Resolves with the n-th request (1-based) once it has arrived. */
  nth(n: number, timeoutMs?: number): Promise<ReceivedRequest>;
  stop(): Promise<void>;
}

export async function startWebhookReceiver(opts: { host?: string; port?: number } = {}): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const waiters: { n: number; resolve: (r: ReceivedRequest) => void }[] = [];
  let responder: Responder = () => ({ status: 200, body: 'ok' });
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    requests.push(received);
    for (const w of waiters.filter((w) => w.n === requests.length)) w.resolve(received);
    const answer = responder(received, requests.length);
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    respond(fn) {
      responder = fn;
    },
    nth(n, timeoutMs = 20_000) {
      if (requests.length >= n) return Promise.resolve(requests[n - 1]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`request #${n} never arrived`)), timeoutMs);
        waiters.push({ n, resolve: (r) => (clearTimeout(timer), resolve(r)) });
      });
    },
    stop() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
