// JSON over HTTP(S) with keep-alive connections (one agent is cheap; `simulate` drives many
// devices through one pool) and a hard timeout per request.
import http from 'node:http';
import https from 'node:https';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: http.IncomingHttpHeaders;
}

export class ApiClient {
  readonly base: string;
  private readonly agent: http.Agent;
  private readonly lib: typeof http | typeof https;

  constructor(server: string, opts: { maxSockets?: number; timeoutMs?: number } = {}) {
    this.base = normalizeServer(server);
    const secure = this.base.startsWith('https:');
    this.lib = secure ? https : http;
    const AgentClass = secure ? https.Agent : http.Agent;
    this.agent = new AgentClass({ keepAlive: true, maxSockets: opts.maxSockets ?? 4, timeout: opts.timeoutMs ?? 30_000 });
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  private readonly timeoutMs: number;

  request<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<ApiResponse<T>> {
    const url = new URL(`${this.base}/api/v1${path}`);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = { accept: 'application/json', 'user-agent': 'rmm-agent' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    if (token) headers.authorization = `Bearer ${token}`;
    return new Promise((resolve, reject) => {
      const req = this.lib.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          const status = res.statusCode ?? 0;
          if (status >= 400) {
            const err = (parsed as { error?: { code?: string; message?: string } } | null)?.error;
            reject(new ApiError(status, err?.code ?? `HTTP_${status}`, err?.message ?? (typeof parsed === 'string' ? parsed.slice(0, 200) : `HTTP ${status}`)));
          } else resolve({ status, body: parsed as T, headers: res.headers });
        });
        res.on('error', reject);
      });
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`request timed out after ${this.timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Accepts https://host, https://host/ and https://host/api/v1; stores https://host. */
export function normalizeServer(server: string): string {
  const trimmed = server.trim().replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('--server must be an http(s) URL');
  return trimmed;
}

/** Retries transient failures (network, 429, 5xx) with exponential backoff; client errors fail at once. */
export async function withRetry<T>(fn: () => Promise<T>, attempts = 5, baseMs = 1000): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const transient = !(error instanceof ApiError) || error.status === 429 || error.status >= 500;
      if (!transient || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, baseMs * 2 ** (attempt - 1) * (0.5 + Math.random())));
    }
  }
}
