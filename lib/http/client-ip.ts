// Where a request came from. The server (server.ts) writes the socket's address into
// PEER_HEADER after deleting any copy the client sent, so that header is trustworthy;
// X-Forwarded-For is believed only when that peer is a configured trusted proxy.
import { env } from '@/lib/env';
import { parseCidrList, ipInAny, normalizeIp } from '@/lib/net/ip';

export const PEER_HEADER = 'x-rmm-peer-ip';

export interface ClientAddress {
  /** Normalised client address, or null when it cannot be determined. */
  ip: string | null;
  /** The direct peer (proxy or client). */
  peer: string | null;
  /** True when the address came through headers of a trusted proxy. */
  viaProxy: boolean;
  /** Set when forwarded headers were present but malformed or contradictory. */
  untrusted: boolean;
}

export function resolveClientAddress(headers: Headers): ClientAddress {
  const peer = normalizeIp(headers.get(PEER_HEADER));
  if (!peer) return { ip: null, peer: null, viaProxy: false, untrusted: true };
  const config = env();
  const trusted = config.TRUST_PROXY_HEADERS ? parseCidrList(config.TRUSTED_PROXY_CIDRS) : [];
  if (trusted.length === 0 || !ipInAny(peer, trusted)) {
    return { ip: peer, peer, viaProxy: false, untrusted: false };
  }
  const forwarded = headers.get('x-forwarded-for');
  if (!forwarded) return { ip: peer, peer, viaProxy: false, untrusted: false };
  // Walk right to left: each hop was appended by the proxy before it; stop at the first
  // address that is not one of our proxies. A malformed hop makes the chain untrustworthy.
  const hops = forwarded.split(',').map((h) => h.trim()).filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeIp(hops[i]);
    if (!hop) return { ip: null, peer, viaProxy: true, untrusted: true };
    client = hop;
    if (!ipInAny(hop, trusted)) break;
  }
  return { ip: client, peer, viaProxy: true, untrusted: false };
}

export function isValidIp(value: string): boolean {
  return normalizeIp(value) !== null;
}
