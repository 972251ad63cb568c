// One HTTP POST to a webhook destination over node:http/https, connected to the address that
// URL validation pinned (a custom `lookup` answers only that address, so no second DNS query
// happens at connect time). No redirects are followed; the whole exchange has one deadline.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ResolvedAddress } from '@/lib/webhooks/resolve-host';

export const DELIVERY_TIMEOUT_MS = 30_000;
export const RESPONSE_BODY_LIMIT = 1_000;
// Read at most this much of a response; a larger one is cut off (and its socket not reused).
const RESPONSE_READ_LIMIT = 64 * 1024;

export interface WebhookRequest {
  url: URL;
  pinned: ResolvedAddress;
  headers: Record<string, string>;
  body: string | Buffer;
  timeoutMs?: number;
}

export interface WebhookResponse {
  status: number | null;
  body: string | null;
  durationMs: number;
  /** Transport failure (connect, TLS, timeout, reset); null when an HTTP status came back. */
  error: string | null;
}

/** A lookup that ignores the hostname and answers the pinned address, in both callback shapes
 * Node uses (single address, and `all: true` for happy-eyeballs connects). */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const cb = typeof options === 'function' ? (options as typeof callback) : callback;
    const all = typeof options === 'object' && options?.all;
    process.nextTick(() => (all ? cb(null, [{ address: pinned.address, family: pinned.family }]) : cb(null, pinned.address, pinned.family)));
  }) as unknown as LookupFunction;
}

// Keep-alive agents per destination and pinned address, so a busy endpoint reuses its
// connections while a changed DNS answer gets a fresh pool. Bounded; the oldest are closed.
const AGENT_LIMIT = 256;
const agents = new Map<string, http.Agent>();

function agentFor(url: URL, pinned: ResolvedAddress): http.Agent {
  const key = `${url.protocol}//${url.host}@${pinned.address}`;
  const existing = agents.get(key);
  if (existing) {
    agents.delete(key);
    agents.set(key, existing); // most recently used last
    return existing;
  }
  const options = { keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 32, maxFreeSockets: 8, scheduling: 'lifo' as const };
  const agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  if (agents.size >= AGENT_LIMIT) {
    const [oldestKey, oldest] = agents.entries().next().value as [string, http.Agent];
    agents.delete(oldestKey);
    oldest.destroy();
  }
  agents.set(key, agent);
  return agent;
}

/** Closes every pooled connection (worker shutdown, tests). */
export function closeWebhookAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export function truncateChars(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text.slice(0, max * 2)).slice(0, max).join('');
}

export function sendWebhookRequest(request: WebhookRequest): Promise<WebhookResponse> {
  const { url, pinned } = request;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const transport = url.protocol === 'https:' ? https : http;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const auth = url.username || url.password ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined;

  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookResponse, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = transport.request({
      protocol: url.protocol,
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
      auth,
      agent: agentFor(url, pinned),
      lookup: pinnedLookup(pinned),
      // Certificates are checked against the URL's name, never the pinned address.
      ...(url.protocol === 'https:' ? { servername: hostname } : {}),
    });
    const timeoutMs = request.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    // `finish` clears it; every path to `finish` runs after this line.
    const deadline = setTimeout(() => {
      req.destroy(new Error(`Timed out after ${timeoutMs} ms`));
    }, timeoutMs);

    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size >= RESPONSE_READ_LIMIT) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_READ_LIMIT) {
          res.destroy();
          finish({ status: res.statusCode ?? null, body: bodyText(chunks), error: null });
        }
      });
      res.on('end', () => finish({ status: res.statusCode ?? null, body: bodyText(chunks), error: null }));
      // The status line arrived: a body cut short does not change the verdict.
      res.on('error', () => finish({ status: res.statusCode ?? null, body: bodyText(chunks), error: null }));
      res.on('close', () => finish({ status: res.statusCode ?? null, body: bodyText(chunks), error: null }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, body: null, error: describeError(error) }));
    req.end(request.body);
  });
}

function bodyText(chunks: Buffer[]): string {
  return truncateChars(Buffer.concat(chunks).toString('utf8'), RESPONSE_BODY_LIMIT);
}

function describeError(error: NodeJS.ErrnoException): string {
  const text = error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message;
  return truncateChars(text || 'Request failed', 1_000);
}
