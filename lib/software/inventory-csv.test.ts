import { describe, expect, it } from 'vitest';
import { inventoryCsv, wantsCsv } from '@/lib/software/inventory-csv';

describe('wantsCsv', () => {
  it('follows format=csv, then an Accept header that prefers text/csv', () => {
    expect(wantsCsv('csv', null)).toBe(true);
    expect(wantsCsv('json', 'text/csv')).toBe(true);
    expect(wantsCsv('json', 'text/csv;q=0.9, application/json')).toBe(true);
    expect(wantsCsv('json', 'application/json, text/csv')).toBe(false);
    expect(wantsCsv('json', '*/*')).toBe(false);
    expect(wantsCsv('json', null)).toBe(false);
  });
});

describe('inventoryCsv', () => {
  it('writes one line per version with the package count, quoting and neutralising cells', () => {
    const csv = inventoryCsv({
      data: [{ name: '=cmd', vendor: 'A, B', deviceCount: 3, versions: [{ version: '1', deviceCount: 2 }, { version: null, deviceCount: 1 }] }],
      pagination: { page: 1, limit: 50, total: 1 },
      totalDevices: 3,
    });
    expect(csv).toBe("name,vendor,version,versionDeviceCount,packageDeviceCount\r\n'=cmd,\"A, B\",1,2,3\r\n'=cmd,\"A, B\",,1,3\r\n");
  });
});
