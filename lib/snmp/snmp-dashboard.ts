// GET /snmp/dashboard: devices up and down, the busiest interfaces at the last poll (IF-MIB
// ifHCInOctets/ifHCOutOctets rates, falling back to the 32-bit ifInOctets/ifOutOctets), and
// the thresholds breached now.
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { tenantWhere } from '@/lib/tenancy/scope';
import { toSnmpDeviceDto } from '@/lib/snmp/to-snmp-device-dto';
import { toThresholdDto } from '@/lib/snmp/snmp-thresholds';

const IN = ['1.3.6.1.2.1.31.1.1.1.6.', '1.3.6.1.2.1.2.2.1.10.'];
const OUT = ['1.3.6.1.2.1.31.1.1.1.10.', '1.3.6.1.2.1.2.2.1.16.'];
const DESCR = '1.3.6.1.2.1.2.2.1.2.';

async function topInterfaces(deviceIds: string[]) {
  if (!deviceIds.length) return [];
  const rows = await db.snmpMetricLatest.findMany({
    where: { snmpDeviceId: { in: deviceIds }, OR: [...IN, ...OUT, DESCR].map((p) => ({ oid: { startsWith: p } })) },
    select: { snmpDeviceId: true, oid: true, value: true, text: true, device: { select: { name: true } } },
  });
  const ifs = new Map<string, { deviceId: string; deviceName: string; ifIndex: string; name: string | null; inBps: number; outBps: number; hc: { in: boolean; out: boolean } }>();
  for (const r of rows) {
    const prefix = [...IN, ...OUT, DESCR].find((p) => r.oid.startsWith(p))!;
    const ifIndex = r.oid.slice(prefix.length);
    const key = `${r.snmpDeviceId}:${ifIndex}`;
    const entry = ifs.get(key) ?? { deviceId: r.snmpDeviceId, deviceName: r.device.name, ifIndex, name: null, inBps: 0, outBps: 0, hc: { in: false, out: false } };
    const hc = prefix.startsWith('1.3.6.1.2.1.31');
    if (prefix === DESCR) entry.name = r.text;
    else if (IN.includes(prefix) && (hc || !entry.hc.in)) Object.assign(entry, { inBps: r.value ?? 0, hc: { ...entry.hc, in: hc } });
    else if (OUT.includes(prefix) && (hc || !entry.hc.out)) Object.assign(entry, { outBps: r.value ?? 0, hc: { ...entry.hc, out: hc } });
    ifs.set(key, entry);
  }
  return [...ifs.values()]
    .filter((i) => i.inBps + i.outBps > 0)
    .sort((a, b) => b.inBps + b.outBps - (a.inBps + a.outBps))
    .slice(0, 10)
    .map(({ hc: _hc, ...i }) => i);
}

export async function getSnmpDashboard(ctx: ScopedContext) {
  const scope = tenantWhere(ctx);
  const [byStatus, enabled, down, thresholdTotal, breached, openAlerts, upIds] = await Promise.all([
    db.snmpDevice.groupBy({ by: ['status'], where: scope, _count: { _all: true } }),
    db.snmpDevice.count({ where: { ...scope, enabled: true } }),
    db.snmpDevice.findMany({ where: { ...scope, status: 'down' }, orderBy: { lastPolledAt: 'desc' }, take: 20 }),
    db.snmpThreshold.count({ where: scope }),
    db.snmpThreshold.findMany({ where: { ...scope, state: 'breached', enabled: true }, orderBy: { lastEvaluatedAt: 'desc' }, take: 20 }),
    db.alert.count({ where: { ...scope, source: 'snmp', status: { in: ['active', 'acknowledged'] } } }),
    db.snmpDevice.findMany({ where: { ...scope, status: 'up' }, select: { id: true }, take: 500 }),
  ]);
  const count = (s: string) => byStatus.find((b) => b.status === s)?._count._all ?? 0;
  const breachedCount = await db.snmpThreshold.count({ where: { ...scope, state: 'breached', enabled: true } });
  return {
    devices: { total: byStatus.reduce((n, b) => n + b._count._all, 0), enabled, up: count('up'), down: count('down'), unknown: count('unknown') },
    down: down.map(toSnmpDeviceDto),
    topInterfaces: await topInterfaces(upIds.map((d) => d.id)),
    thresholds: { total: thresholdTotal, breached: breachedCount },
    breached: breached.map(toThresholdDto),
    openAlerts,
  };
}
