'use client';

// The SNMP dashboard (GET /snmp/dashboard): devices up and down, the busiest interfaces at the
// last poll, thresholds breached now.
import Link from 'next/link';
import { useSnmpDashboard } from '@/hooks/use-snmp';
import { formatDate } from '@/lib/client/format';
import { DataTable } from '@/components/ui/data-table';
import { Badge, Card, EmptyState, ErrorText } from '@/components/ui/controls';
import { formatBps, SnmpPage } from '@/components/snmp/snmp-page';

const CELL = 'px-4 py-2';
const LINK = 'text-brand-700 underline dark:text-brand-100';

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="text-xs text-slate-500">{label}</div>
      <div className={`text-2xl font-semibold ${tone ?? ''}`} data-testid={`snmp-stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </div>
    </div>
  );
}

export function SnmpDashboardView() {
  const dash = useSnmpDashboard();
  const d = dash.data;
  return (
    <SnmpPage title="SNMP monitoring" description="Switches, printers, firewalls and UPSes polled over SNMP: what answers, what carries traffic, what is out of bounds.">
      <ErrorText error={dash.error} />
      {!d && !dash.error && <p role="status">Loading…</p>}
      {d && d.devices.total === 0 && (
        <EmptyState title="No SNMP devices yet" action={<Link className={LINK} href="/snmp/devices?create=1">Add an SNMP device</Link>}>
          Add a device by address and credentials, or enable monitoring on an SNMP-capable asset found by network discovery.
        </EmptyState>
      )}
      {d && d.devices.total > 0 && (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
            <Stat label="Devices" value={d.devices.total} />
            <Stat label="Up" value={d.devices.up} tone="text-emerald-700 dark:text-emerald-300" />
            <Stat label="Down" value={d.devices.down} tone={d.devices.down ? 'text-red-700 dark:text-red-300' : ''} />
            <Stat label="Not polled yet" value={d.devices.unknown} />
            <Stat label="Thresholds breached" value={d.thresholds.breached} tone={d.thresholds.breached ? 'text-red-700 dark:text-red-300' : ''} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title="Devices down">
              {d.down.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">Every polled device answered its last poll.</p>
              ) : (
                <ul className="space-y-2 text-sm">
                  {d.down.map((dev) => (
                    <li key={dev.id}>
                      <Link className={LINK} href={`/snmp/devices/${dev.id}`}>{dev.name}</Link> <span className="font-mono text-xs">{dev.host}</span>
                      <div className="text-xs text-slate-500">{dev.lastError ?? 'No answer'} · {formatDate(dev.lastPolledAt)}</div>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card title="Thresholds breached">
              {d.breached.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  No threshold is breached ({d.thresholds.total} defined, {d.openAlerts} open SNMP alert{d.openAlerts === 1 ? '' : 's'}).
                </p>
              ) : (
                <ul className="space-y-2 text-sm" data-testid="snmp-breached">
                  {d.breached.map((t) => (
                    <li key={t.id}>
                      <Badge tone="red">{t.severity}</Badge> <Link className={LINK} href={`/snmp/devices/${t.deviceId}`}>{t.name ?? t.oid}</Link>
                      <div className="text-xs text-slate-500">
                        value {t.lastValue ?? '—'} {t.operator} {t.value} · {formatDate(t.lastEvaluatedAt)}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
          <Card title="Top interfaces by traffic">
            {d.topInterfaces.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No interface traffic yet: rates appear from the second poll of a device with the IF-MIB interfaces template.</p>
            ) : (
              <DataTable label="Top interfaces by traffic" columns={['Device', 'Interface', 'In', 'Out']}>
                {d.topInterfaces.map((i) => (
                  <tr key={`${i.deviceId}-${i.ifIndex}`} className="border-t border-slate-100 dark:border-slate-800">
                    <td className={CELL}><Link className={LINK} href={`/snmp/devices/${i.deviceId}`}>{i.deviceName}</Link></td>
                    <td className={CELL}>{i.name ?? `ifIndex ${i.ifIndex}`}</td>
                    <td className={CELL}>{formatBps(i.inBps)}</td>
                    <td className={CELL}>{formatBps(i.outBps)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </Card>
        </>
      )}
    </SnmpPage>
  );
}
