// The fetch the model SDKs use: every request goes out under the outbound URL-safety rules of
// webhooks (scheme, blocked names, each DNS answer against the address policy) and its
// connection is pinned to the checked address, so a configured base URL cannot be turned onto
// the service's own network or a cloud metadata service by a DNS answer that changes later. The
// answer streams (server-sent events): the Response resolves at the headers, its body is the
// socket's, and the SDK's abort signal tears the connection down.
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { pinnedLookup } from '@/lib/webhooks/send-webhook-request';

export class ModelAddressRefused extends Error {}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  // Through the web Headers constructor: SDKs hand over Headers objects of their own realm too.
  return headers ? Object.fromEntries(new Headers(headers as HeadersInit).entries()) : {};
}

async function bodyBytes(body: BodyInit | null | undefined): Promise<Buffer | undefined> {
  if (body == null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  return Buffer.from(await new Response(body).arrayBuffer());
}

export async function modelFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
  const check = await checkWebhookUrl(raw);
  if (!check.ok) throw new ModelAddressRefused(`Model provider address refused: ${check.reason}`);
  const { url, pinned } = check;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const body = await bodyBytes(init.body);
  const headers = headerRecord(init.headers);
  if (body) headers['content-length'] = String(body.length);
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        headers,
        lookup: pinnedLookup(pinned),
        agent: false,
        ...(url.protocol === 'https:' ? { servername: hostname } : {}),
        ...(signal ? { signal } : {}),
      },
      (res) => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (Array.isArray(v)) v.forEach((x) => out.append(k, x));
          else if (v !== undefined) out.set(k, v);
        }
        const status = res.statusCode ?? 502;
        const nullBody = status === 204 || status === 304;
        if (nullBody) res.resume();
        resolve(new Response(nullBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers: out }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
