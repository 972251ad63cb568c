// Pure pieces of rule evaluation: target matching and metric comparison.
import type { Metric, Operator, RuleTargets } from '@/lib/alerts/schemas';

export interface DeviceFacts {
  deviceId: string;
  orgId: string;
  siteId: string | null;
}

/** Any listed org, site, group or device matches; all lists empty = the rule's whole scope. */
export function matchesTargets(t: RuleTargets, device: DeviceFacts, groupMembers: ReadonlySet<string>): boolean {
  if (!t.orgIds.length && !t.siteIds.length && !t.groupIds.length && !t.deviceIds.length) return true;
  return (
    t.orgIds.includes(device.orgId) ||
    (device.siteId !== null && t.siteIds.includes(device.siteId)) ||
    t.deviceIds.includes(device.deviceId) ||
    groupMembers.has(device.deviceId)
  );
}

export function compare(value: number, operator: Operator, threshold: number): boolean {
  switch (operator) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
}

export interface BeatMetrics {
  cpuPercent?: number | null;
  memoryPercent?: number | null;
  diskPercent?: number | null;
}

export function metricValue(metric: Metric, m: BeatMetrics): number | null {
  const v = metric === 'cpu' ? m.cpuPercent : metric === 'memory' ? m.memoryPercent : m.diskPercent;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

const SYMBOL: Record<Operator, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' };
export const operatorSymbol = (o: Operator) => SYMBOL[o];
