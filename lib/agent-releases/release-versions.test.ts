import { describe, expect, it } from 'vitest';
import { compareReleases, compareReleaseVersions, isReleaseVersion, ZReleaseVersion } from './release-versions';

describe('compareReleaseVersions', () => {
  it('orders numerically, releases after their pre-releases', () => {
    expect(compareReleaseVersions('1.10.0', '1.9.3')).toBe(1);
    expect(compareReleaseVersions('1.2.0', '1.2.0')).toBe(0);
    expect(compareReleaseVersions('1.2.0-rc.1', '1.2.0')).toBe(-1);
    expect(['1.0.1', '0.9.0', '1.0.0'].sort(compareReleaseVersions)).toEqual(['0.9.0', '1.0.0', '1.0.1']);
  });

  it('compares numeric pre-release identifiers as numbers: rc.9 < rc.10', () => {
    expect(compareReleaseVersions('1.0.0-rc.9', '1.0.0-rc.10')).toBe(-1);
    expect(compareReleaseVersions('1.0.0-rc.10', '1.0.0-rc.9')).toBe(1);
    expect(['1.0.0', '1.0.0-rc.10', '1.0.0-rc.9', '1.0.0-beta.2', '1.0.0-rc.1'].sort(compareReleaseVersions)).toEqual([
      '1.0.0-beta.2',
      '1.0.0-rc.1',
      '1.0.0-rc.9',
      '1.0.0-rc.10',
      '1.0.0',
    ]);
  });

  it('gives build metadata no precedence', () => {
    expect(compareReleaseVersions('1.2.0+build.5', '1.2.0')).toBe(0);
    expect(compareReleaseVersions('1.2.0', '1.2.0+build.5')).toBe(0);
    expect(compareReleaseVersions('1.2.0+build.5', '1.2.0+build.10')).toBe(0);
    expect(compareReleaseVersions('1.2.0-rc.1+exp.sha.5114f85', '1.2.0')).toBe(-1);
    expect(compareReleaseVersions('1.2.1', '1.2.0+build.99')).toBe(1);
  });

  it('ranks strings that are not semantic versions below every valid one', () => {
    expect(compareReleaseVersions('2.0', '1.0.0')).toBe(-1);
    expect(compareReleaseVersions('1.0.0', 'latest')).toBe(1);
    expect(compareReleaseVersions('a', 'b')).toBe(-1);
    expect(['2.0', '0.1.0', 'nightly'].sort(compareReleaseVersions).at(-1)).toBe('0.1.0');
  });
});

describe('release version validation', () => {
  it('accepts semantic versions with pre-release and build parts', () => {
    for (const v of ['0.0.1', '1.2.3', '10.20.30', '1.0.0-rc.10', '1.0.0-alpha-a.b-c', '1.2.3+build.7', '1.2.3-rc.1+sha.abc']) {
      expect(isReleaseVersion(v), v).toBe(true);
    }
  });

  it('refuses what is not a plain semantic version', () => {
    for (const v of ['', '1', '1.2', 'v1.2.3', '=1.2.3', '01.2.3', '1.2.3-', '1.2.3-01', '1.2.3+', 'latest', '1.2.3 beta', `1.2.3-${'a'.repeat(60)}`]) {
      expect(isReleaseVersion(v), v).toBe(false);
    }
  });

  it('the zod schema trims, then refuses with a message that names the format', () => {
    expect(ZReleaseVersion.parse(' 1.2.3 ')).toBe('1.2.3');
    const result = ZReleaseVersion.safeParse('1.2');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toContain('semantic version');
  });
});

describe('compareReleases', () => {
  it('orders by precedence, then a later registration of an equal-precedence build last', () => {
    const at = (s: string) => new Date(`2026-01-0${s}T00:00:00Z`);
    const releases = [
      { version: '1.0.0-rc.10', releasedAt: at('1') },
      { version: '1.0.0+build.2', releasedAt: at('4') },
      { version: '1.0.0+build.1', releasedAt: at('3') },
      { version: '1.0.0-rc.9', releasedAt: at('2') },
    ];
    expect(releases.sort(compareReleases).map((r) => r.version)).toEqual(['1.0.0-rc.9', '1.0.0-rc.10', '1.0.0+build.1', '1.0.0+build.2']);
  });
});
