// Pure allowlist matching (no database, no audit), shared by enforcement, the status endpoint
// and the platform-admin bypass audit.
import { ipInAny, parseCidr, parseCidrList } from '@/lib/net/ip';
import type { Scope } from '@/lib/auth/context';

export function allowlistOf(settings: unknown): string[] {
  const list = (settings as { security?: { ipAllowlist?: unknown } } | null)?.security?.ipAllowlist;
  return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : [];
}

export type AllowlistVerdict = 'allowed' | 'disabled' | 'exempt' | 'denied' | 'untrusted';

export function evaluateAllowlist(scope: Scope, settings: unknown, ip: string | null): AllowlistVerdict {
  if (scope === 'system') return 'exempt';
  const entries = allowlistOf(settings);
  if (entries.length === 0) return 'disabled';
  if (!ip) return 'untrusted';
  return ipInAny(ip, parseCidrList(entries)) ? 'allowed' : 'denied';
}

/** The first entry that admits the address, or null. */
export function matchingEntry(ip: string | null, entries: string[]): string | null {
  if (!ip) return null;
  for (const entry of entries) {
    const range = parseCidr(entry);
    if (range && ipInAny(ip, [range])) return entry;
  }
  return null;
}
