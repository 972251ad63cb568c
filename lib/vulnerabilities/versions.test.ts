import { describe, expect, it } from 'vitest';
import { compareVersions, type VersionScheme } from './versions';

// Each pair is [lower, higher] (or equal with '='): from dpkg's own test suite, Debian security
// advisories, apk-tools' ordering rules and the SemVer 2.0 precedence example.
const ordered: Record<VersionScheme, [string, '<' | '=', string][]> = {
  dpkg: [
    ['1.0', '=', '1.0-0'],
    ['0:1.0', '=', '1.0'],
    ['1.002', '=', '1.2'],
    ['1.0~rc1', '<', '1.0'],
    ['1.0~rc1', '<', '1.0~rc2'],
    ['1.0~~', '<', '1.0~'],
    ['1.0~~a', '<', '1.0~'],
    ['1.0', '<', '1.0+b1'],
    ['1.0', '<', '1.0a'],
    ['1.0a', '<', '1.0+'],
    ['1.9', '<', '1.10'],
    ['2.0', '<', '1:1.0'],
    ['9.3p1', '<', '1:9.2p1-2'],
    ['2.36-9+deb12u2', '<', '2.36-9+deb12u3'],
    ['2.36-9+deb12u9', '<', '2.36-9+deb12u10'],
    ['2.31-13+deb11u7', '<', '2.36-9'],
    ['3.0.11-1~deb12u1', '<', '3.0.11-1~deb12u2'],
    ['3.0.11-1~deb12u2', '<', '3.0.11-1'],
    ['1:9.2p1-2+deb12u2', '<', '1:9.2p1-2+deb12u3'],
    ['7.88.1-10', '<', '7.88.1-10+deb12u1'],
    ['7.88.1-10+deb12u3', '<', '7.88.1-10+deb12u4'],
    ['2.0-1', '<', '2.0-1ubuntu1'],
    ['1:9.6p1-3ubuntu13.2', '<', '1:9.6p1-3ubuntu13.3'],
    ['2.15.0-1~deb11u1', '<', '2.15.0-1'],
    ['1.2-3', '<', '1.2-3.1'],
    ['1.0-1', '<', '1.0.1-1'],
  ],
  apk: [
    ['3.1.3-r5', '<', '3.1.4-r0'],
    ['1.36.1-r1', '<', '1.36.1-r2'],
    ['1.0', '<', '1.0-r1'],
    ['1.0_alpha', '<', '1.0'],
    ['1.0_alpha1', '<', '1.0_alpha2'],
    ['1.0_beta', '<', '1.0_rc'],
    ['1.0_rc1', '<', '1.0'],
    ['1.0', '<', '1.0_p1'],
    ['1.0', '<', '1.0a'],
    ['1.0a', '<', '1.0b'],
    ['1.9', '<', '1.10'],
    ['1.0', '<', '1.0.1'],
    ['1.99_p5', '<', '2.0'],
    ['1.01', '<', '1.1'],
    ['2.4.58-r0', '=', '2.4.58-r0'],
  ],
  semver: [
    ['1.0.0-alpha', '<', '1.0.0-alpha.1'],
    ['1.0.0-alpha.1', '<', '1.0.0-alpha.beta'],
    ['1.0.0-alpha.beta', '<', '1.0.0-beta'],
    ['1.0.0-beta', '<', '1.0.0-beta.2'],
    ['1.0.0-beta.2', '<', '1.0.0-beta.11'],
    ['1.0.0-beta.11', '<', '1.0.0-rc.1'],
    ['1.0.0-rc.1', '<', '1.0.0'],
    ['1.9.0', '<', '1.10.0'],
    ['1.99.99', '<', '2.0.0'],
    ['v1.2.3', '=', '1.2.3+build.5'],
  ],
};

describe.each(Object.entries(ordered) as [VersionScheme, [string, '<' | '=', string][]][])('%s ordering', (scheme, pairs) => {
  it.each(pairs)('%s %s %s', (a, rel, b) => {
    if (rel === '=') {
      expect(compareVersions(scheme, a, b)).toBe(0);
      expect(compareVersions(scheme, b, a)).toBe(0);
    } else {
      expect(compareVersions(scheme, a, b)).toBeLessThan(0);
      expect(compareVersions(scheme, b, a)).toBeGreaterThan(0);
    }
  });
});
