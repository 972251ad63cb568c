import { describe, expect, it } from 'vitest';
import { ipInAny, normalizeIp, parseCidr, parseCidrList } from './ip';

describe('ip helpers', () => {
  it('normalizes IPv4-mapped IPv6 in every notation', () => {
    expect(normalizeIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIp('::ffff:a00:1')).toBe('10.0.0.1');
    expect(normalizeIp('[::ffff:10.0.0.1]')).toBe('10.0.0.1');
    expect(normalizeIp('0:0:0:0:0:ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIp('nonsense')).toBeNull();
  });

  it('validates allowlist entries', () => {
    expect(parseCidr('10.0.0.0/8')).not.toBeNull();
    expect(parseCidr('2001:db8::/32')).not.toBeNull();
    expect(parseCidr('::ffff:10.0.0.0/104')).not.toBeNull();
    for (const bad of ['10.0.0.0/33', '300.1.1.1', 'example.com', '', '10.0.0.1/']) expect(parseCidr(bad)).toBeNull();
    // inet_aton shorthand is not a literal address: one address, one spelling.
    for (const bad of ['1.2.3', '0x7f.0.0.1', '010.0.0.1', '127.1', '1.2.3/24', '0x0a.0.0.0/8']) expect(parseCidr(bad)).toBeNull();
    expect(normalizeIp('127.1')).toBeNull();
  });

  it('matches CIDR edges and mapped ranges', () => {
    const ranges = parseCidrList(['192.0.2.0/25', '::ffff:198.51.100.0/120']);
    expect(ipInAny('192.0.2.127', ranges)).toBe(true);
    expect(ipInAny('192.0.2.128', ranges)).toBe(false);
    expect(ipInAny('198.51.100.255', ranges)).toBe(true);
    expect(ipInAny('::ffff:192.0.2.1', ranges)).toBe(true);
  });
});
