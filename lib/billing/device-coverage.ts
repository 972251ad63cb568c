// Which per-device line bills a device (pure). Lines are taken in order — active contracts by
// (startDate, createdAt, id), then each contract's lines by (sortOrder, createdAt, id) — and the
// first line whose device set holds the device covers it, so a device is billed once. On a line,
// devices (by hostname, id) fill the included quantity first; the rest are overage (billed) or
// flagged (listed, not billed), by the line's overage mode.
import type { DeviceSetType } from '@/lib/billing/line-fields';

export interface CoverageDevice {
  id: string;
  hostname: string;
  siteId: string | null;
  role: string;
  groupIds: ReadonlySet<string>;
}

export interface CoverageLine {
  id: string;
  contractId: string;
  deviceSetType: DeviceSetType;
  siteId: string | null;
  groupId: string | null;
  roles: string[];
  includedQuantity: number;
  overageMode: 'bill' | 'flag';
}

export type CountedAs = 'included' | 'overage' | 'flagged';

export function lineHolds(line: CoverageLine, device: CoverageDevice): boolean {
  switch (line.deviceSetType) {
    case 'organization_wide':
      return true;
    case 'site':
      return device.siteId !== null && device.siteId === line.siteId;
    case 'role':
      return line.roles.includes(device.role);
    case 'group':
      return line.groupId !== null && device.groupIds.has(line.groupId);
  }
}

export function coveringLine<L extends CoverageLine>(lines: L[], device: CoverageDevice): L | null {
  return lines.find((l) => lineHolds(l, device)) ?? null;
}

export interface LineCount<D extends CoverageDevice> {
  device: D;
  countedAs: CountedAs;
}

/** Every device's covering line, and per line its devices counted in order. */
export function resolveCoverage<D extends CoverageDevice, L extends CoverageLine>(devices: D[], lines: L[]) {
  const byLine = new Map<string, D[]>();
  const uncovered: D[] = [];
  for (const device of devices) {
    const line = coveringLine(lines, device);
    if (!line) uncovered.push(device);
    else byLine.set(line.id, [...(byLine.get(line.id) ?? []), device]);
  }
  const counted = new Map<string, LineCount<D>[]>();
  for (const line of lines) {
    const held = (byLine.get(line.id) ?? []).sort((a, b) => (a.hostname < b.hostname ? -1 : a.hostname > b.hostname ? 1 : a.id < b.id ? -1 : 1));
    counted.set(
      line.id,
      held.map((device, i) => ({ device, countedAs: i < line.includedQuantity ? 'included' : line.overageMode === 'bill' ? 'overage' : 'flagged' })),
    );
  }
  return { counted, uncovered };
}

export function countByRole(devices: { role: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of devices) out[d.role] = (out[d.role] ?? 0) + 1;
  return out;
}
