// The rows of the posture report's export (console), written by the one CSV writer.
import { toCsv } from '@/lib/csv';

export interface PostureSummaryData {
  orgs: { orgId: string; products: { product: string; status: string; deviceCount: number }[] }[];
  totals: { neverScanned: number; stale: number };
}

export function summaryCsv(summary: PostureSummaryData, orgName: (id: string) => string, productName: (slug: string) => string): string {
  const rows = summary.orgs.flatMap((o) => o.products.map((p) => [orgName(o.orgId), o.orgId, productName(p.product), p.product, p.status, p.deviceCount]));
  return toCsv(['organization', 'orgId', 'product', 'productSlug', 'status', 'deviceCount'], rows);
}

export interface PostureDeviceRow {
  deviceId: string;
  hostname: string;
  orgId: string;
  status: string;
  lastSeenAt: string | null;
  postureScannedAt: string | null;
  products: { product: string; name: string; status: string; version: string | null }[];
}

/** One line per device and product found (a device without products: one line, product empty). */
export function devicesCsv(devices: PostureDeviceRow[], orgName: (id: string) => string): string {
  const rows = devices.flatMap((d) => {
    const base = [d.hostname, d.deviceId, orgName(d.orgId), d.orgId, d.status, d.lastSeenAt, d.postureScannedAt];
    return d.products.length ? d.products.map((p) => [...base, p.name, p.product, p.status, p.version]) : [[...base, '', '', '', '']];
  });
  return toCsv(['hostname', 'deviceId', 'organization', 'orgId', 'deviceStatus', 'lastSeenAt', 'postureScannedAt', 'product', 'productSlug', 'productStatus', 'version'], rows);
}
