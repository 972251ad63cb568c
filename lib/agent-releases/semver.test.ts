import { describe, expect, it } from 'vitest';
import { compareVersions } from './semver';

describe('compareVersions', () => {
  it('orders numerically, releases after their pre-releases', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBe(1);
    expect(compareVersions('1.2.0', '1.2.0')).toBe(0);
    expect(compareVersions('1.2.0-rc.1', '1.2.0')).toBe(-1);
    expect(compareVersions('2.0', '1.99.99')).toBe(1);
    expect(['1.0.1', '0.9.0', '1.0.0'].sort(compareVersions)).toEqual(['0.9.0', '1.0.0', '1.0.1']);
  });
});
