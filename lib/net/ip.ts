// Address parsing shared by client-IP resolution, the admin allowlist and webhook URL safety.
import ipaddr from 'ipaddr.js';

export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * A literal address in standard notation only: IPv4 as four decimal parts, or IPv6. ipaddr.js
 * alone also takes inet_aton forms ("1.2.3", "0x7f.1", "010.0.0.1"), which no one means in an
 * allowlist and which would make two spellings of one address disagree.
 */
function isStandardLiteral(v: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(v) || ipaddr.IPv6.isValid(v);
}

/** Canonical text of an address; IPv4-mapped IPv6 (::ffff:1.2.3.4) becomes plain IPv4. */
export function normalizeIp(value: string | null | undefined): string | null {
  if (!value) return null;
  // Every request normalises its peer's address, and a server sees the same few peers (its
  // proxies, a fleet's NAT addresses) again and again: parsing is remembered, a pure function of
  // the text, in a small table emptied when full.
  const known = normalized.get(value);
  if (known !== undefined) return known;
  const result = parseNormalized(value);
  if (normalized.size >= NORMALIZED_MAX) normalized.clear();
  normalized.set(value, result);
  return result;
}

const NORMALIZED_MAX = 4096;
const normalized = new Map<string, string | null>();

function parseNormalized(value: string): string | null {
  let v = value.trim();
  if (v.startsWith('[') && v.includes(']')) v = v.slice(1, v.indexOf(']'));
  const zone = v.indexOf('%');
  if (zone >= 0) v = v.slice(0, zone);
  if (!isStandardLiteral(v)) return null;
  const parsed = ipaddr.parse(v);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  }
  return parsed.toString();
}

/** Parses one allowlist entry: a literal address or a CIDR range. Null when invalid. */
export function parseCidr(entry: string): Cidr | null {
  const value = entry.trim();
  try {
    if (value.includes('/')) {
      if (!isStandardLiteral(value.slice(0, value.indexOf('/')))) return null;
      const [addr, bits] = ipaddr.parseCIDR(value);
      if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
        return [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96];
      }
      return [addr, bits];
    }
    const literal = normalizeIp(value);
    if (!literal) return null;
    const addr = ipaddr.parse(literal);
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

export function parseCidrList(entries: string[]): Cidr[] {
  return entries.map(parseCidr).filter((c): c is Cidr => c !== null);
}

export function ipInAny(ip: string, ranges: Cidr[]): boolean {
  const normalized = normalizeIp(ip);
  if (!normalized) return false;
  const addr = ipaddr.parse(normalized);
  return ranges.some(([range, bits]) => range.kind() === addr.kind() && addr.match([range, bits] as never));
}
