import { describe, expect, it } from 'vitest';
import { devicesCsv, summaryCsv } from '@/lib/posture/posture-csv';

describe('posture CSV', () => {
  it('writes the summary per organization, product and status, and devices per product', () => {
    const names = (id: string) => ({ o1: 'Acme, Inc.' })[id] ?? id;
    expect(summaryCsv({ orgs: [{ orgId: 'o1', products: [{ product: 'teamviewer', status: 'active', deviceCount: 2 }] }, { orgId: 'o2', products: [] }], totals: { neverScanned: 1, stale: 0 } }, names, (s) => s.toUpperCase())).toBe(
      'organization,orgId,product,productSlug,status,deviceCount\r\n"Acme, Inc.",o1,TEAMVIEWER,teamviewer,active,2\r\n',
    );
    const csv = devicesCsv(
      [
        { deviceId: 'd1', hostname: 'pc-1', orgId: 'o1', status: 'online', lastSeenAt: null, postureScannedAt: '2026-11-21T00:00:00.000Z', products: [{ product: 'anydesk', name: 'AnyDesk', status: 'installed', version: '8' }, { product: 'atera', name: 'Atera', status: 'active', version: null }] },
        { deviceId: 'd2', hostname: 'pc-2', orgId: 'o1', status: 'offline', lastSeenAt: null, postureScannedAt: null, products: [] },
      ],
      names,
    ).split('\r\n');
    expect(csv).toHaveLength(5);
    expect(csv[1]).toBe('pc-1,d1,"Acme, Inc.",o1,online,,2026-11-21T00:00:00.000Z,AnyDesk,anydesk,installed,8');
    expect(csv[3]).toBe('pc-2,d2,"Acme, Inc.",o1,offline,,,,,,');
  });
});
