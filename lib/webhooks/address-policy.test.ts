import { describe, expect, it } from 'vitest';
import { classifyAddress, judgeAddress } from '@/lib/webhooks/address-policy';

const HOSTED = { hosted: true, allowLoopback: false };
const SELF_HOSTED = { hosted: false, allowLoopback: false };

describe('classifyAddress', () => {
  it.each([
    // IPv4 ranges named by doc 2 and the other special-purpose blocks
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.99', 'documentation'],
    ['0.0.0.0', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    // IPv6 equivalents
    ['::1', 'loopback'],
    ['::', 'reserved'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['ff02::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['[2606:4700:4700::1111]', 'public'],
    ['4000::1', 'reserved'],
  ])('%s is %s', (ip, category) => {
    expect(classifyAddress(ip)).toBe(category);
  });

  it.each([
    // IPv4-mapped IPv6 in every notation, and the other IPv6 forms that carry an IPv4 address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['0000:0000:0000:0000:0000:FFFF:7F00:0001', 'loopback'],
    ['[::ffff:169.254.169.254]', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0:10.0.0.1', 'private'], // RFC 6145 translated
    ['::127.0.0.1', 'loopback'], // deprecated IPv4-compatible
    ['::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'], // NAT64
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:7f00:1::', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
  ])('%s (IPv4 inside IPv6) is %s', (ip, category) => {
    expect(classifyAddress(ip)).toBe(category);
  });

  it('treats garbage as reserved', () => {
    expect(classifyAddress('not-an-ip')).toBe('reserved');
  });
});

describe('judgeAddress', () => {
  it('hosted allows only public addresses', () => {
    expect(judgeAddress('8.8.8.8', HOSTED).allowed).toBe(true);
    for (const ip of ['10.0.0.1', '192.168.0.1', 'fd00::1', '100.64.0.1', '192.0.2.1', '127.0.0.1', '169.254.169.254', '::ffff:10.0.0.1']) {
      expect(judgeAddress(ip, HOSTED).allowed, ip).toBe(false);
    }
  });

  it('self-hosted also allows RFC 1918 and ULA, marked private', () => {
    for (const ip of ['10.0.0.1', '172.20.1.1', '192.168.0.1', 'fd00::1', '::ffff:192.168.0.1']) {
      expect(judgeAddress(ip, SELF_HOSTED), ip).toMatchObject({ allowed: true, privateTarget: true });
    }
  });

  it('blocks metadata, loopback, link-local, CGNAT and documentation ranges everywhere', () => {
    for (const ip of ['169.254.169.254', 'fd00:ec2::254', '127.0.0.1', '::1', '::ffff:127.0.0.1', 'fe80::1', '169.254.10.10', '100.64.0.1', '203.0.113.1', '2001:db8::1', '0.0.0.0']) {
      expect(judgeAddress(ip, SELF_HOSTED).allowed, ip).toBe(false);
    }
  });

  it('the test-only switch opens exactly 127.0.0.1 and ::1', () => {
    const policy = { hosted: true, allowLoopback: true };
    expect(judgeAddress('127.0.0.1', policy).allowed).toBe(true);
    expect(judgeAddress('::1', policy).allowed).toBe(true);
    expect(judgeAddress('::ffff:127.0.0.1', policy).allowed).toBe(true);
    expect(judgeAddress('127.0.0.2', policy).allowed).toBe(false);
    expect(judgeAddress('169.254.169.254', policy).allowed).toBe(false);
  });
});
