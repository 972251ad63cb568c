import { describe, expect, it } from 'vitest';
import { countByRole, resolveCoverage, type CoverageDevice, type CoverageLine } from '@/lib/billing/device-coverage';
import { deviceRole } from '@/lib/billing/device-role';

const dev = (id: string, extra: Partial<CoverageDevice> = {}): CoverageDevice => ({ id, hostname: id, siteId: null, role: 'workstation', groupIds: new Set(), ...extra });
const line = (id: string, extra: Partial<CoverageLine>): CoverageLine => ({ id, contractId: 'c', deviceSetType: 'organization_wide', siteId: null, groupId: null, roles: [], includedQuantity: 0, overageMode: 'bill', ...extra });

describe('device coverage', () => {
  it('gives each device to the first line whose set holds it, then counts included before overage', () => {
    const devices = [dev('d1', { siteId: 's1' }), dev('d2', { siteId: 's1', role: 'server' }), dev('d3', { groupIds: new Set(['g1']) }), dev('d4', { role: 'server' }), dev('d5', { role: 'printer' })];
    const lines = [
      line('site', { deviceSetType: 'site', siteId: 's1', includedQuantity: 1 }),
      line('group', { deviceSetType: 'group', groupId: 'g1', overageMode: 'flag' }),
      line('servers', { deviceSetType: 'role', roles: ['server'], includedQuantity: 5 }),
    ];
    const { counted, uncovered } = resolveCoverage(devices, lines);
    expect(counted.get('site')!.map((c) => [c.device.id, c.countedAs])).toEqual([
      ['d1', 'included'],
      ['d2', 'overage'],
    ]);
    expect(counted.get('group')!.map((c) => [c.device.id, c.countedAs])).toEqual([['d3', 'flagged']]);
    expect(counted.get('servers')!.map((c) => c.device.id)).toEqual(['d4']);
    expect(uncovered.map((d) => d.id)).toEqual(['d5']);
    expect(countByRole(uncovered)).toEqual({ printer: 1 });
  });

  it('derives roles from tags, then the OS', () => {
    expect(deviceRole({ tags: ['x', 'role:Kiosk'], osType: 'windows', osVersion: 'Windows 11' })).toBe('kiosk');
    expect(deviceRole({ tags: [], osType: 'windows', osVersion: 'Windows Server 2022' })).toBe('server');
    expect(deviceRole({ tags: [], osType: 'linux', osVersion: 'Ubuntu 24.04' })).toBe('server');
    expect(deviceRole({ tags: [], osType: 'macos', osVersion: '15.1' })).toBe('workstation');
    expect(deviceRole({ tags: [], osType: null, osVersion: null })).toBe('unknown');
  });
});
