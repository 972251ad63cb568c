// Fetches a feed document from its URL under the outbound URL-safety rules of webhooks: the URL
// is checked (scheme, blocked names, every DNS answer against the address policy) and the
// connection pinned to the checked address, so DNS rebinding cannot redirect it. Redirects are
// followed (at most 3), each target checked the same way. The body is capped and spooled to a
// temporary file as it arrives.
import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { pinnedLookup } from '@/lib/webhooks/send-webhook-request';
import { spoolFeed, type SpooledFeed } from './feed-source';

export const FEED_MAX_BYTES = 100 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

export class FeedFetchError extends Error {}

/** The document at `raw`, spooled to a temporary file (the caller disposes of it). */
export async function fetchFeedUrl(raw: string, redirects = 3): Promise<SpooledFeed> {
  const check = await checkWebhookUrl(raw);
  if (!check.ok) throw new FeedFetchError(`Feed URL refused: ${check.reason}`);
  const { url, pinned } = check;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const fail = (e: unknown) => (e instanceof FeedFetchError ? e : new FeedFetchError(`Fetch failed: ${e instanceof Error ? e.message : String(e)}`));
  let req: http.ClientRequest | undefined;
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req = (url.protocol === 'https:' ? https : http).request(
      { protocol: url.protocol, hostname, port: url.port || undefined, path: `${url.pathname}${url.search}`, method: 'GET', headers: { accept: 'application/json' }, lookup: pinnedLookup(pinned), ...(url.protocol === 'https:' ? { servername: hostname } : {}) },
      resolve,
    );
    req.setTimeout(TIMEOUT_MS, () => req!.destroy(new FeedFetchError(`Timed out after ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  }).catch((e: unknown) => {
    throw fail(e);
  });
  const status = res.statusCode ?? 0;
  if (status >= 300 && status < 400 && res.headers.location) {
    res.resume();
    if (redirects === 0) throw new FeedFetchError('Too many redirects');
    return fetchFeedUrl(new URL(res.headers.location, url).toString(), redirects - 1);
  }
  if (status !== 200) {
    res.resume();
    throw new FeedFetchError(`Feed URL answered HTTP ${status}`);
  }
  const tooLarge = () => new FeedFetchError(`Feed larger than ${FEED_MAX_BYTES} bytes`);
  try {
    return await spoolFeed(res, FEED_MAX_BYTES, tooLarge);
  } catch (e) {
    req?.destroy();
    throw fail(e);
  }
}
