'use client';

// One SNMP device: status and identity, poll now / test / edit / delete, the latest value of
// every polled OID, a chart per OID, and its thresholds.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useCan } from '@/hooks/use-me';
import { useDeleteSnmpDevice, usePollSnmpDevice, useSnmpDevice, useSnmpValues, useTestSnmpDevice } from '@/hooks/use-snmp';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Badge, Card, ErrorText } from '@/components/ui/controls';
import { OutcomeText } from '@/components/snmp/snmp-devices-view';
import { SnmpDeviceForm } from '@/components/snmp/snmp-device-form';
import { SnmpHistoryCharts } from '@/components/snmp/snmp-history-charts';
import { formatSnmpValue, SnmpPage, STATUS_TONE } from '@/components/snmp/snmp-page';
import { SnmpThresholdsCard } from '@/components/snmp/snmp-thresholds-card';

const CELL = 'px-4 py-2';

export function SnmpDeviceView({ id }: { id: string }) {
  const router = useRouter();
  const device = useSnmpDevice(id);
  const values = useSnmpValues(id);
  const poll = usePollSnmpDevice();
  const test = useTestSnmpDevice();
  const remove = useDeleteSnmpDevice();
  const canWrite = useCan('devices:write');
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<Parameters<typeof OutcomeText>[0]['outcome']>(null);
  const d = device.data;
  useBreadcrumbLabel(id, d?.name);
  if (device.error) return <ErrorText error={device.error} />;
  if (!d) return <p role="status">Loading…</p>;

  return (
    <SnmpPage
      title={d.name}
      description={`${d.host}:${d.port} · SNMP ${d.version}`}
      actions={
        canWrite && (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => poll.mutate(d.id, { onSuccess: (r) => setOutcome({ kind: 'poll', r }) })} disabled={poll.isPending}>
              {poll.isPending ? 'Polling…' : 'Poll now'}
            </Button>
            <Button variant="secondary" onClick={() => test.mutate({ id: d.id }, { onSuccess: (r) => setOutcome({ kind: 'test', r }) })} disabled={test.isPending}>
              {test.isPending ? 'Testing…' : 'Test credentials'}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(true)}>Edit</Button>
            <Button variant="danger" onClick={() => window.confirm(`Delete ${d.name} with its values, history and thresholds?`) && remove.mutate(d.id, { onSuccess: () => router.push('/snmp/devices') })}>
              Delete
            </Button>
          </div>
        )
      }
    >
      <ErrorText error={poll.error ?? test.error ?? remove.error} />
      <OutcomeText outcome={outcome} />
      <Card title="Status">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-slate-500">Status</dt>
            <dd data-testid="snmp-device-status">
              <Badge tone={STATUS_TONE[d.status]}>{d.status}</Badge> {!d.enabled && <Badge>paused</Badge>}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Last poll</dt>
            <dd>{d.lastPolledAt ? `${formatDate(d.lastPolledAt)} (${d.lastPollMs} ms)` : 'Never'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Next poll</dt>
            <dd>{d.enabled ? formatDate(d.nextPollAt) : '—'} · every {d.pollIntervalSeconds} s</dd>
          </div>
          <div>
            <dt className="text-slate-500">Polled by</dt>
            <dd>
              {d.probeDeviceId ? (
                <Link className="text-brand-700 underline dark:text-brand-100" href={`/devices/${d.probeDeviceId}`}>
                  the probe agent
                </Link>
              ) : (
                'the server'
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Credentials</dt>
            <dd>{d.version === 'v2c' ? 'community ********' : `${d.credentials.username} (${d.credentials.authProtocol?.toUpperCase()}/${d.credentials.privProtocol?.toUpperCase()})`}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">sysName</dt>
            <dd>{d.sysName ?? '—'}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">sysDescr</dt>
            <dd className="break-words">{d.sysDescr ?? '—'}</dd>
          </div>
          {d.lastError && (
            <div className="sm:col-span-4">
              <dt className="text-slate-500">Last error</dt>
              <dd className="text-red-700 dark:text-red-300">{d.lastError}</dd>
            </div>
          )}
        </dl>
      </Card>
      <SnmpHistoryCharts deviceId={d.id} />
      <SnmpThresholdsCard deviceId={d.id} />
      <Card title="Latest values">
        <ErrorText error={values.error} />
        {values.data && values.data.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Nothing polled yet.</p>
        ) : (
          values.data && (
            <DataTable label="Latest SNMP values" columns={['Name', 'OID', 'Value', 'Polled']}>
              {values.data.data.map((v) => (
                <tr key={v.oid} className="border-t border-slate-100 dark:border-slate-800">
                  <td className={CELL}>{v.name}</td>
                  <td className={`${CELL} font-mono text-xs`}>{v.oid}</td>
                  <td className={`${CELL} max-w-md break-words`}>{v.type === 'string' ? v.text : formatSnmpValue(v.value, v.unit, v.type)}</td>
                  <td className={`${CELL} whitespace-nowrap text-xs`}>{formatDate(v.polledAt)}</td>
                </tr>
              ))}
            </DataTable>
          )
        )}
      </Card>
      <Dialog open={editing} onClose={() => setEditing(false)} title={`Edit ${d.name}`} wide>
        {editing && <SnmpDeviceForm device={d} onDone={() => setEditing(false)} />}
      </Dialog>
    </SnmpPage>
  );
}
