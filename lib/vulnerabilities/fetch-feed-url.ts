// Fetches a feed document from its URL under the outbound URL-safety rules of webhooks: the URL
// is checked (scheme, blocked names, every DNS answer against the address policy) and the
// connection pinned to the checked address, so DNS rebinding cannot redirect it. Redirects are
// followed (at most 3), each target checked the same way. The body is capped.
import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { pinnedLookup } from '@/lib/webhooks/send-webhook-request';

export const FEED_MAX_BYTES = 100 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

export class FeedFetchError extends Error {}

export async function fetchFeedUrl(raw: string, redirects = 3): Promise<string> {
  const check = await checkWebhookUrl(raw);
  if (!check.ok) throw new FeedFetchError(`Feed URL refused: ${check.reason}`);
  const { url, pinned } = check;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const answer = await new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      { protocol: url.protocol, hostname, port: url.port || undefined, path: `${url.pathname}${url.search}`, method: 'GET', headers: { accept: 'application/json' }, lookup: pinnedLookup(pinned), ...(url.protocol === 'https:' ? { servername: hostname } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > FEED_MAX_BYTES) req.destroy(new FeedFetchError(`Feed larger than ${FEED_MAX_BYTES} bytes`));
          else chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new FeedFetchError(`Timed out after ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  }).catch((e: unknown) => {
    throw e instanceof FeedFetchError ? e : new FeedFetchError(`Fetch failed: ${e instanceof Error ? e.message : String(e)}`);
  });
  if (answer.status >= 300 && answer.status < 400 && answer.location) {
    if (redirects === 0) throw new FeedFetchError('Too many redirects');
    return fetchFeedUrl(new URL(answer.location, url).toString(), redirects - 1);
  }
  if (answer.status !== 200) throw new FeedFetchError(`Feed URL answered HTTP ${answer.status}`);
  return answer.body;
}
