// The host a browser addressed (which custom domain a portal request came in on) and the
// same-origin check of state-changing portal requests. X-Forwarded-Host is believed only from
// a configured trusted proxy, like X-Forwarded-For (lib/http/client-ip.ts).
import { env } from '@/lib/env';
import { forbidden } from '@/lib/http/errors';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { ipInAny, normalizeIp, parseCidrList } from '@/lib/net/ip';

function fromTrustedProxy(headers: Headers): boolean {
  const config = env();
  if (!config.TRUST_PROXY_HEADERS) return false;
  const peer = normalizeIp(headers.get(PEER_HEADER));
  return peer !== null && ipInAny(peer, parseCidrList(config.TRUSTED_PROXY_CIDRS));
}

/** `host[:port]` as the browser sent it, lowercased; null when there is none. */
export function requestHostWithPort(headers: Headers, url?: string): string | null {
  const forwarded = fromTrustedProxy(headers) ? headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const raw = forwarded || headers.get('host') || (url ? new URL(url).host : '');
  return raw ? raw.toLowerCase() : null;
}

/** The host name alone (no port, no trailing dot): what custom domains are matched against. */
export function hostNameOf(hostWithPort: string | null): string | null {
  if (!hostWithPort) return null;
  hostWithPort = hostWithPort.toLowerCase();
  const host = hostWithPort.startsWith('[') ? hostWithPort.slice(0, hostWithPort.indexOf(']') + 1) : hostWithPort.split(':')[0];
  return host.replace(/\.$/, '') || null;
}

export function requestHostName(req: Request): string | null {
  return hostNameOf(requestHostWithPort(req.headers, req.url));
}

/**
 * Refuses a cross-site state-changing request: a browser names the page's origin in `Origin`
 * (and `Sec-Fetch-Site`), which must be the host the request was sent to. Clients that send
 * neither (scripts, curl) are not browsers riding a victim's cookie and pass.
 */
export function assertSameOrigin(req: Request): void {
  const site = req.headers.get('sec-fetch-site');
  if (site === 'cross-site') throw forbidden('Cross-site requests are refused', 'CROSS_ORIGIN_REQUEST');
  const origin = req.headers.get('origin');
  if (origin === null) return;
  let originHost: string | null;
  try {
    originHost = origin === 'null' ? null : new URL(origin).host.toLowerCase();
  } catch {
    originHost = null;
  }
  if (!originHost || originHost !== requestHostWithPort(req.headers, req.url)) {
    throw forbidden('Cross-origin requests are refused', 'CROSS_ORIGIN_REQUEST');
  }
}
