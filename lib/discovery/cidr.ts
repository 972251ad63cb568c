// IPv4 CIDR arithmetic for discovery: subnets are normalised to their network address, counted
// against the size cap, and every address a scan reports is checked to lie inside its job's
// subnets. IPv6 subnets cannot be swept address by address and are refused.
import { isIPv4 } from 'node:net';

export interface Cidr {
  network: number;
  prefix: number;
}

export function ipToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

export function intToIp(n: number): string {
  return [24, 16, 8, 0].map((s) => (Math.floor(n / 2 ** s) % 256).toString()).join('.');
}

/** "10.0.0.7/24" → { network: 10.0.0.0, prefix: 24 }; a bare address is a /32. Null when invalid. */
export function parseCidr(text: string): Cidr | null {
  const [ip, prefixText, ...rest] = text.trim().split('/');
  if (rest.length || !isIPv4(ip)) return null;
  const prefix = prefixText === undefined ? 32 : /^\d{1,2}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 32) return null;
  const size = 2 ** (32 - prefix);
  return { network: Math.floor(ipToInt(ip) / size) * size, prefix };
}

export function formatCidr(c: Cidr): string {
  return `${intToIp(c.network)}/${c.prefix}`;
}

export function cidrSize(c: Cidr): number {
  return 2 ** (32 - c.prefix);
}

/** Addresses a sweep probes: the whole block for /31 and /32, else without network and broadcast. */
export function scanAddressCount(c: Cidr): number {
  return c.prefix >= 31 ? cidrSize(c) : cidrSize(c) - 2;
}

export function cidrContains(c: Cidr, ip: string): boolean {
  if (!isIPv4(ip)) return false;
  const n = ipToInt(ip);
  return n >= c.network && n < c.network + cidrSize(c);
}

export function inAnySubnet(subnets: readonly string[], ip: string): boolean {
  return subnets.some((s) => {
    const c = parseCidr(s);
    return c !== null && cidrContains(c, ip);
  });
}
