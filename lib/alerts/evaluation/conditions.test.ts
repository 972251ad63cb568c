import { describe, expect, it } from 'vitest';
import { compare, matchesTargets, metricValue } from '@/lib/alerts/evaluation/conditions';

const none = { orgIds: [], siteIds: [], groupIds: [], deviceIds: [] };
const device = { deviceId: 'd1', orgId: 'o1', siteId: 's1' };

describe('matchesTargets', () => {
  it('empty targets match everything in scope', () => expect(matchesTargets(none, device, new Set())).toBe(true));
  it('matches by org, site, device or group membership', () => {
    expect(matchesTargets({ ...none, orgIds: ['o1'] }, device, new Set())).toBe(true);
    expect(matchesTargets({ ...none, siteIds: ['s1'] }, device, new Set())).toBe(true);
    expect(matchesTargets({ ...none, deviceIds: ['d1'] }, device, new Set())).toBe(true);
    expect(matchesTargets({ ...none, groupIds: ['g'] }, device, new Set(['d1']))).toBe(true);
    expect(matchesTargets({ ...none, groupIds: ['g'] }, device, new Set(['d2']))).toBe(false);
    expect(matchesTargets({ ...none, siteIds: ['s2'] }, { ...device, siteId: null }, new Set())).toBe(false);
  });
});

describe('compare and metricValue', () => {
  it('applies each operator at the boundary', () => {
    expect(compare(90, 'gt', 90)).toBe(false);
    expect(compare(90, 'gte', 90)).toBe(true);
    expect(compare(10, 'lt', 10)).toBe(false);
    expect(compare(10, 'lte', 10)).toBe(true);
  });
  it('reads the heartbeat metric, null when missing', () => {
    expect(metricValue('cpu', { cpuPercent: 5 })).toBe(5);
    expect(metricValue('disk', { cpuPercent: 5 })).toBeNull();
    expect(metricValue('memory', { memoryPercent: null })).toBeNull();
  });
});
