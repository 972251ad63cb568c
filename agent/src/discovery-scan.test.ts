import { describe, expect, it } from 'vitest';
import { insideSubnets, scanTargets } from './discovery-scan';

describe('discovery scan targets', () => {
  it('are the host addresses of the subnets, minus exclusions, and never anything else', () => {
    const targets = scanTargets(['127.0.0.0/29', '10.0.0.9/32'], ['127.0.0.3']);
    expect(targets).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.4', '127.0.0.5', '127.0.0.6', '10.0.0.9']);
    for (const ip of targets) expect(insideSubnets(['127.0.0.0/29', '10.0.0.9/32'], ip)).toBe(true);
    expect(insideSubnets(['127.0.0.0/29'], '127.0.0.9')).toBe(false);
    expect(insideSubnets(['127.0.0.0/29'], 'example.com')).toBe(false);
  });
  it('refuse more than 4,096 addresses and malformed subnets', () => {
    expect(() => scanTargets(['10.0.0.0/19'])).toThrow(/4096/);
    expect(() => scanTargets(['10.0.0.0/40'])).toThrow(/Invalid subnet/);
  });
});
