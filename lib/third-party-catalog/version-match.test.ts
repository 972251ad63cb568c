import { describe, expect, it } from 'vitest';
import { compareVersions, versionMatches } from '@/lib/third-party-catalog/version-match';

describe('versionMatches', () => {
  it('accepts the same version or one extending it past a separator', () => {
    expect(versionMatches('128.0.3', '128.0.3')).toBe(true);
    expect(versionMatches('128.0.3-1~deb12u1', '128.0.3')).toBe(true);
    expect(versionMatches('1:128.0.3-1', '128.0')).toBe(true);
    expect(versionMatches('24.07', '24.07')).toBe(true);
  });

  it('refuses other versions and mid-number prefixes', () => {
    expect(versionMatches('1.20', '1.2')).toBe(false);
    expect(versionMatches('127.0', '128.0')).toBe(false);
    expect(versionMatches('128.0', '128.0.3')).toBe(false);
    expect(versionMatches('1.0', '')).toBe(false);
  });
});

describe('compareVersions', () => {
  it('orders numeric runs as numbers', () => {
    expect(compareVersions('1.10', '1.9')).toBe(1);
    expect(compareVersions('128.0.3', '128.0.3')).toBe(0);
    expect(compareVersions('128.0', '128.0.1')).toBe(-1);
    expect(compareVersions('1:2.0', '3.0')).toBe(-1);
  });

  it('puts pre-release words before numbers', () => {
    expect(compareVersions('1.0.rc1', '1.0.1')).toBe(-1);
    expect(compareVersions('2.0b', '2.0a')).toBe(1);
  });
});
