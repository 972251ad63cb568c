// One JSON request to a PSA under the outbound URL-safety rules of webhooks: the URL is checked
// (scheme, blocked names, every DNS answer against the address policy) and the connection is
// pinned to the checked address, so a connection's base URL cannot point the service at its own
// network or a cloud metadata service. No redirects, one deadline per attempt, answers capped.
// Rate limiting is honoured: a 429 (or a 503 carrying Retry-After) is retried after the delay
// the PSA asks for, within an attempt and a total-wait budget; past it the call fails
// `rate_limited` so the sync records it and the next run starts again from its cursor.
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { pinnedLookup } from '@/lib/webhooks/send-webhook-request';
import { PsaError } from './psa-error';
import { parseRetryAfter } from './retry-after';

const MAX_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 20_000;
const MAX_ATTEMPTS = 4;
/** The longest single wait a PSA may ask for, and the most all retries of one call may wait. */
const MAX_RETRY_WAIT_MS = 30_000;
const MAX_TOTAL_WAIT_MS = 60_000;
/** Backoff when a 429 carries no Retry-After. */
const DEFAULT_WAIT_MS = 1_000;

export interface PsaRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

export interface PsaResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

function buildUrl(req: PsaRequest): string {
  const url = new URL(req.url);
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

async function once(req: PsaRequest): Promise<PsaResponse> {
  const check = await checkWebhookUrl(buildUrl(req));
  if (!check.ok) throw new PsaError(check.kind === 'unresolvable' ? 'unavailable' : 'refused', `PSA address refused: ${check.reason}`);
  const { url, pinned } = check;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const payload = req.form ? Buffer.from(new URLSearchParams(req.form).toString()) : req.json !== undefined ? Buffer.from(JSON.stringify(req.json)) : undefined;
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'rmm-psa', ...req.headers };
  if (payload) {
    headers['content-type'] = req.form ? 'application/x-www-form-urlencoded' : 'application/json';
    headers['content-length'] = String(payload.length);
  }
  return new Promise<PsaResponse>((resolve, reject) => {
    const r = (url.protocol === 'https:' ? https : http).request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        lookup: pinnedLookup(pinned),
        agent: false,
        ...(url.protocol === 'https:' ? { servername: hostname } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BYTES) r.destroy(new PsaError('unavailable', `PSA answer larger than ${MAX_BYTES} bytes`));
          else chunks.push(c);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            /* kept as text */
          }
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body });
        });
        res.on('error', reject);
      },
    );
    r.setTimeout(TIMEOUT_MS, () => r.destroy(new PsaError('unavailable', `PSA did not answer within ${TIMEOUT_MS / 1000} s`)));
    r.on('error', (error) => reject(error instanceof PsaError ? error : new PsaError('unavailable', `PSA could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`)));
    r.end(payload);
  });
}

function describe(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 200);
  const b = body as { message?: unknown; error_description?: unknown; error?: unknown } | null;
  const text = b?.message ?? b?.error_description ?? b?.error;
  return typeof text === 'string' ? text.slice(0, 200) : '';
}

/** The request, retried on rate limiting; any answer other than 2xx becomes a PsaError. */
export async function psaRequest(req: PsaRequest): Promise<PsaResponse> {
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    const res = await once(req);
    if (res.status >= 200 && res.status < 300) return res;
    const retryAfter = parseRetryAfter(res.headers['retry-after'] as string | undefined);
    const throttled = res.status === 429 || (res.status === 503 && retryAfter !== null);
    if (throttled) {
      const wait = retryAfter ?? DEFAULT_WAIT_MS * 2 ** (attempt - 1);
      if (attempt >= MAX_ATTEMPTS || wait > MAX_RETRY_WAIT_MS || waited + wait > MAX_TOTAL_WAIT_MS) {
        throw new PsaError('rate_limited', `PSA rate limit still in force after ${attempt} attempt(s)`, res.status);
      }
      waited += wait;
      await sleep(wait);
      continue;
    }
    const detail = describe(res.body);
    const suffix = detail ? `: ${detail}` : '';
    if (res.status === 401 || res.status === 403) throw new PsaError('unauthorized', `PSA refused the credentials (${res.status})${suffix}`, res.status);
    if (res.status >= 400 && res.status < 500) throw new PsaError('rejected', `PSA rejected the request (${res.status})${suffix}`, res.status);
    throw new PsaError('unavailable', `PSA answered ${res.status}${suffix}`, res.status);
  }
}
