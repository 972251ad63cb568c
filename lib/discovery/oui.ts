// MAC vendor lookup from the shipped IEEE OUI table (lib/discovery/oui-table.generated.ts,
// rebuilt by scripts/generate-oui-table.mjs). Decoded once per process on first use.
import { gunzipSync } from 'node:zlib';
import { OUI_TABLE_GZ_BASE64 } from '@/lib/discovery/oui-table.generated';

let table: Map<string, string> | null = null;

function load(): Map<string, string> {
  const text = gunzipSync(Buffer.from(OUI_TABLE_GZ_BASE64, 'base64')).toString('utf8');
  const [vendorPart, prefixPart] = text.split('\n\n');
  const vendors = vendorPart.split('\n');
  const map = new Map<string, string>();
  for (const line of prefixPart.split('\n')) {
    const [prefix, index] = line.split('\t');
    map.set(prefix, vendors[parseInt(index, 36)]);
  }
  return map;
}

/** Lower-case, colon-separated MAC ("AA-BB-CC-DD-EE-FF" → "aa:bb:cc:dd:ee:ff"); null when not a MAC. */
export function normalizeMac(mac: string | null | undefined): string | null {
  if (!mac) return null;
  const hex = mac.toLowerCase().replace(/[^0-9a-f]/g, '');
  if (hex.length !== 12 || hex === '000000000000' || hex === 'ffffffffffff') return null;
  return hex.match(/../g)!.join(':');
}

/**
 * The vendor registered for the MAC's OUI. Locally administered addresses (randomised MACs of
 * phones, virtual machines) belong to no vendor.
 */
export function macVendor(mac: string | null | undefined): string | null {
  const normal = normalizeMac(mac);
  if (!normal) return null;
  if (parseInt(normal.slice(0, 2), 16) & 0x02) return null;
  table ??= load();
  return table.get(normal.replace(/:/g, '').slice(0, 6).toUpperCase()) ?? null;
}
