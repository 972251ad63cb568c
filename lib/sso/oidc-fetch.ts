// Every request to an identity provider (discovery, keys, token endpoint) goes out under the
// outbound URL-safety rules of webhooks: the URL is checked (scheme, blocked names, every DNS
// answer against the address policy) and the connection pinned to the checked address, so a
// provider's metadata cannot point the service at its own network or a cloud metadata service.
// No redirects are followed; answers are capped and the exchange has one deadline.
import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { pinnedLookup } from '@/lib/webhooks/send-webhook-request';

const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

export class IdpRequestRefused extends Error {}

interface FetchOptions {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: unknown;
  signal?: AbortSignal | null;
}

function bodyBytes(body: unknown): Buffer | undefined {
  if (body == null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  throw new IdpRequestRefused('Unsupported request body');
}

function headerRecord(headers: FetchOptions['headers']): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  return { ...headers };
}

export async function oidcFetch(raw: string, options: FetchOptions = {}): Promise<Response> {
  const check = await checkWebhookUrl(raw);
  if (!check.ok) throw new IdpRequestRefused(`Request to the identity provider refused: ${check.reason}`);
  const { url, pinned } = check;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const body = bodyBytes(options.body);
  const headers = headerRecord(options.headers);
  if (body) headers['content-length'] = String(body.length);
  return new Promise<Response>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers,
        lookup: pinnedLookup(pinned),
        ...(url.protocol === 'https:' ? { servername: hostname } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BYTES) req.destroy(new IdpRequestRefused(`Identity provider answer larger than ${MAX_BYTES} bytes`));
          else chunks.push(c);
        });
        res.on('end', () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (Array.isArray(v)) v.forEach((x) => out.append(k, x));
            else if (v !== undefined) out.set(k, v);
          }
          const status = res.statusCode ?? 502;
          const nullBody = status === 204 || status === 304;
          resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: out }));
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new IdpRequestRefused(`Identity provider did not answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
