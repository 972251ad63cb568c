// Which destination addresses a webhook may reach. Pure and table-driven so the unit tests can
// walk every range; check-webhook-url.ts applies it to literal hosts and to every DNS answer.
import ipaddr from 'ipaddr.js';
import { parseCidr, type Cidr } from '@/lib/net/ip';

export type AddressCategory =
  | 'public'
  | 'private' // RFC 1918 and IPv6 ULA: allowed only when self-hosted
  | 'loopback'
  | 'link-local'
  | 'metadata'
  | 'cgnat'
  | 'documentation'
  | 'reserved';

export interface AddressPolicy {
  /** IS_HOSTED: private ranges are blocked too. */
  hosted: boolean;
  /** Test-only: 127.0.0.1 and ::1 are reachable (WEBHOOK_TEST_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
}

const table = (entries: [string, AddressCategory][]) =>
  entries.map(([cidr, category]) => ({ range: parseCidr(cidr) as Cidr, category }));

// Order matters: the first match wins, so the narrow metadata entries precede their ranges.
const V4 = table([
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, Oracle, DigitalOcean…
  ['169.254.170.2/32', 'metadata'], // AWS ECS task metadata
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['0.0.0.0/8', 'reserved'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'], // RFC 6598
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'], // RFC 5737 TEST-NET-1
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'documentation'], // TEST-NET-2
  ['203.0.113.0/24', 'documentation'], // TEST-NET-3
  ['224.0.0.0/4', 'reserved'], // multicast
  ['240.0.0.0/4', 'reserved'], // future use and broadcast
]);

const V6 = table([
  ['fd00:ec2::254/128', 'metadata'], // AWS IMDS over IPv6 (inside the ULA range)
  ['::/128', 'reserved'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'reserved'], // local-use NAT64
  ['100::/64', 'reserved'], // discard-only
  ['2001::/32', 'reserved'], // Teredo: the IPv4 inside is obfuscated, refuse it outright
  ['2001:2::/48', 'reserved'], // benchmarking
  ['2001:10::/28', 'reserved'], // ORCHID
  ['2001:20::/28', 'reserved'], // ORCHIDv2
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'], // RFC 9637
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'reserved'], // deprecated site-local
  ['ff00::/8', 'reserved'], // multicast
]);

const GLOBAL_UNICAST_V6 = parseCidr('2000::/3') as Cidr;

/** The IPv4 address an IPv6 address carries, for every notation that routes to IPv4. */
export function embeddedIpv4(addr: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = addr.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return v4(p[6], p[7]); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return v4(p[6], p[7]); // ::ffff:0:a.b.c.d (RFC 6145)
  if (zeros(0, 6) && (p[6] !== 0 || p[7] > 1)) return v4(p[6], p[7]); // ::a.b.c.d (deprecated compatible)
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return v4(p[6], p[7]); // 64:ff9b::/96 NAT64
  if (p[0] === 0x2002) return v4(p[1], p[2]); // 6to4
  return null;
}

export function classifyAddress(ip: string): AddressCategory {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    let text = ip.trim();
    if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
    const zone = text.indexOf('%');
    if (zone >= 0) text = text.slice(0, zone);
    addr = ipaddr.parse(text);
  } catch {
    return 'reserved';
  }
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    const inner = embeddedIpv4(v6);
    if (inner) return classifyV4(inner);
    for (const { range, category } of V6) if (range[0].kind() === 'ipv6' && v6.match(range as [ipaddr.IPv6, number])) return category;
    return v6.match(GLOBAL_UNICAST_V6 as [ipaddr.IPv6, number]) ? 'public' : 'reserved';
  }
  return classifyV4(addr as ipaddr.IPv4);
}

function classifyV4(addr: ipaddr.IPv4): AddressCategory {
  for (const { range, category } of V4) if (range[0].kind() === 'ipv4' && addr.match(range as [ipaddr.IPv4, number])) return category;
  return 'public';
}

function isExactLoopback(ip: string): boolean {
  try {
    const addr = ipaddr.process(ip.replace(/^\[|\]$/g, ''));
    return addr.toString() === '127.0.0.1' || addr.toNormalizedString() === '0:0:0:0:0:0:0:1';
  } catch {
    return false;
  }
}

export interface AddressVerdict {
  allowed: boolean;
  category: AddressCategory;
  /** Counts as a private target for the self-hosted "plain http only to private" rule. */
  privateTarget: boolean;
}

export function judgeAddress(ip: string, policy: AddressPolicy): AddressVerdict {
  const category = classifyAddress(ip);
  if (category === 'public') return { allowed: true, category, privateTarget: false };
  if (category === 'private') return { allowed: !policy.hosted, category, privateTarget: true };
  if (category === 'loopback' && policy.allowLoopback && isExactLoopback(ip)) return { allowed: true, category, privateTarget: true };
  return { allowed: false, category, privateTarget: false };
}
