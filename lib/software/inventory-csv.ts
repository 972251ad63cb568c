// The fleet inventory as CSV: one line per package, vendor and version.
import { toCsv } from '@/lib/csv';
import type { TInventoryList } from '@/lib/software/schemas';

export function inventoryCsv(list: TInventoryList): string {
  const rows = list.data.flatMap((p) => p.versions.map((v) => [p.name, p.vendor, v.version, v.deviceCount, p.deviceCount]));
  return toCsv(['name', 'vendor', 'version', 'versionDeviceCount', 'packageDeviceCount'], rows);
}

export function csvResponse(text: string, fileName: string): Response {
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' },
  });
}

/** CSV when the query says format=csv or the client accepts text/csv and not JSON first. */
export function wantsCsv(format: string, accept: string | null): boolean {
  if (format === 'csv') return true;
  if (!accept) return false;
  const types = accept.split(',').map((t) => t.split(';')[0].trim().toLowerCase());
  const csv = types.indexOf('text/csv');
  const json = types.indexOf('application/json');
  return csv >= 0 && (json < 0 || csv < json);
}
