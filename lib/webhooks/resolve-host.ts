// DNS resolution for webhook destinations. Injectable so tests can stand in a resolver that
// answers private addresses or changes its answer between calls (DNS rebinding).
import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const CACHE_TTL_MS = 15_000;
const CACHE_MAX = 2_000;
const LOOKUP_TIMEOUT_MS = 10_000;
const cache = new Map<string, { expires: number; addresses: ResolvedAddress[] }>();

/** getaddrinfo (honours /etc/hosts), with a short positive cache: each delivery re-checks the
 * answers it gets, and the connection is pinned to them, so caching cannot widen what is reached. */
const systemResolver: HostResolver = async (hostname) => {
  const hit = cache.get(hostname);
  if (hit && hit.expires > Date.now()) return hit.addresses;
  let timer: NodeJS.Timeout | undefined;
  const answers = await Promise.race([
    lookup(hostname, { all: true, verbatim: true }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`DNS lookup of ${hostname} timed out`), { code: 'ETIMEOUT' })), LOOKUP_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const addresses = answers.map((a) => ({ address: a.address, family: (a.family === 6 ? 6 : 4) as 4 | 6 }));
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(hostname, { expires: Date.now() + CACHE_TTL_MS, addresses });
  return addresses;
};

let override: HostResolver | null = null;

/** Replaces DNS resolution (tests); null restores the system resolver. */
export function setHostResolver(resolver: HostResolver | null): void {
  override = resolver;
  cache.clear();
}

export function resolveHost(hostname: string): Promise<ResolvedAddress[]> {
  return (override ?? systemResolver)(hostname);
}
