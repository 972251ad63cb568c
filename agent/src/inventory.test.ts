import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectInventory } from './inventory';

describe('inventory', () => {
  it('describes this machine, with its packages when dpkg or rpm is present', async () => {
    const inv = await collectInventory();
    expect(inv.hardware.cpuCores).toBeGreaterThan(0);
    expect(inv.os.hostname).toBeTruthy();
    expect(inv.disks.length).toBeGreaterThan(0);
    if (existsSync('/usr/bin/dpkg-query')) {
      expect(inv.software.length).toBeGreaterThan(10);
      expect(inv.software.every((s) => s.source === 'dpkg' && s.name)).toBe(true);
    }
  }, 30_000);
});
