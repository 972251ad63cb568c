import { describe, expect, it } from 'vitest';
import { managerFitsOs, PATCH_MANAGERS, sourceOfManager } from '@/lib/patches/patch-managers';

describe('sourceOfManager', () => {
  it('maps every manager to its patch source', () => {
    expect(Object.fromEntries(PATCH_MANAGERS.map((m) => [m, sourceOfManager(m)]))).toEqual({
      apt: 'linux',
      dnf: 'linux',
      windows_update: 'os_vendor_a',
      softwareupdate: 'os_vendor_b',
      winget: 'third_party',
      choco: 'third_party',
      brew: 'third_party',
      custom: 'custom',
    });
  });
});

describe('managerFitsOs', () => {
  it('accepts a manager only on the operating systems it runs on', () => {
    expect(managerFitsOs('apt', 'linux')).toBe(true);
    expect(managerFitsOs('apt', 'windows')).toBe(false);
    expect(managerFitsOs('windows_update', 'windows')).toBe(true);
    expect(managerFitsOs('windows_update', 'linux')).toBe(false);
    expect(managerFitsOs('softwareupdate', 'macos')).toBe(true);
    expect(managerFitsOs('softwareupdate', 'windows')).toBe(false);
    expect(managerFitsOs('winget', 'macos')).toBe(false);
    expect(managerFitsOs('choco', 'linux')).toBe(false);
    expect(managerFitsOs('brew', 'macos')).toBe(true);
    expect(managerFitsOs('brew', 'linux')).toBe(true);
    expect(managerFitsOs('brew', 'windows')).toBe(false);
    expect(managerFitsOs('custom', 'windows')).toBe(true);
  });

  it('accepts any manager while the device OS is not known', () => {
    expect(managerFitsOs('winget', null)).toBe(true);
  });
});
