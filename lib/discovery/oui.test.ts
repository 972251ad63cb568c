import { describe, expect, it } from 'vitest';
import { macVendor, normalizeMac } from '@/lib/discovery/oui';
import { cidrContains, inAnySubnet, parseCidr, formatCidr, scanAddressCount } from '@/lib/discovery/cidr';

describe('macVendor', () => {
  it('names the registered vendor of a MAC prefix', () => {
    expect(macVendor('00:00:0C:12:34:56')).toMatch(/cisco/i);
    expect(macVendor('00-50-56-aa-bb-cc')).toMatch(/vmware/i);
  });
  it('gives no vendor to locally administered, unknown or malformed addresses', () => {
    expect(macVendor('02:42:ac:11:00:02')).toBeNull();
    expect(macVendor('not a mac')).toBeNull();
    expect(normalizeMac('AABBCCDDEEFF')).toBe('aa:bb:cc:dd:ee:ff');
  });
});

describe('cidr', () => {
  it('normalises to the network address and checks membership', () => {
    const c = parseCidr('192.168.1.77/24')!;
    expect(formatCidr(c)).toBe('192.168.1.0/24');
    expect(cidrContains(c, '192.168.1.255')).toBe(true);
    expect(cidrContains(c, '192.168.2.1')).toBe(false);
    expect(scanAddressCount(c)).toBe(254);
    expect(parseCidr('127.0.0.1')).toEqual({ network: 2130706433, prefix: 32 });
    expect(parseCidr('10.0.0.0/33')).toBeNull();
    expect(parseCidr('::1/128')).toBeNull();
    expect(inAnySubnet(['10.0.0.0/8', '127.0.0.0/30'], '127.0.0.3')).toBe(true);
    expect(inAnySubnet(['127.0.0.0/30'], '127.0.0.4')).toBe(false);
  });
});
