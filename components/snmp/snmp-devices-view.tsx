'use client';

// SNMP devices: filters (organization from the shell, status, search), poll now and credential
// tests per row, and the add-device dialog.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { usePollSnmpDevice, useSnmpDevices, useTestSnmpDevice, type SnmpPollResult, type SnmpTestResult } from '@/hooks/use-snmp';
import { useCurrentOrg } from '@/components/shell/current-org';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Badge, EmptyState, ErrorText, Pager, SelectField } from '@/components/ui/controls';
import { SnmpDeviceForm } from '@/components/snmp/snmp-device-form';
import { SnmpPage, STATUS_TONE } from '@/components/snmp/snmp-page';

const DEFAULTS = { page: '1', status: '', search: '', create: '' };
const CELL = 'px-4 py-2';

/** What the last poll or test of a row said, shown under the table. */
export function OutcomeText({ outcome }: { outcome: { kind: 'poll'; r: SnmpPollResult } | { kind: 'test'; r: SnmpTestResult } | null }) {
  if (!outcome) return null;
  const { r } = outcome;
  const text = outcome.kind === 'test' && outcome.r.pending
    ? 'The probe agent has not answered the test yet: is it online? Try again in a minute.'
    : !r.ok
    ? `${outcome.kind === 'poll' ? 'Poll' : 'Test'} failed: ${r.error}`
    : outcome.kind === 'poll' && outcome.r.probeCommandId
      ? 'Poll queued on the probe agent: the values appear when it answers.'
      : outcome.kind === 'poll'
        ? `Polled in ${r.durationMs} ms: ${outcome.r.values.length} value${outcome.r.values.length === 1 ? '' : 's'} stored.`
      : `Credentials work${outcome.r.probeCommandId ? ' from the probe agent' : ''} (${r.durationMs} ms): ${outcome.r.sysName ?? ''} ${outcome.r.sysDescr ?? ''}`.trim();
  return (
    <p role="status" data-testid="snmp-outcome" className={`text-sm ${r.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}>
      {text}
    </p>
  );
}

export function SnmpDevicesView() {
  const router = useRouter();
  const [f, setF] = useUrlFilters(DEFAULTS);
  const { orgId } = useCurrentOrg();
  const page = Math.max(1, Number(f.page) || 1);
  const list = useSnmpDevices({ page, orgId: orgId || undefined, status: f.status, search: f.search });
  const poll = usePollSnmpDevice();
  const test = useTestSnmpDevice();
  const canWrite = useCan('devices:write');
  const [outcome, setOutcome] = useState<Parameters<typeof OutcomeText>[0]['outcome']>(null);
  const rows = list.data?.data ?? [];
  return (
    <SnmpPage title="SNMP devices" description="Hosts polled over SNMP v2c or v3, their status and last poll." actions={canWrite && <Button onClick={() => setF({ create: '1' })}>Add SNMP device</Button>}>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Status" value={f.status} onChange={(e) => setF({ status: e.target.value, page: '1' })}>
          <option value="">All</option>
          <option value="up">Up</option>
          <option value="down">Down</option>
          <option value="unknown">Not polled yet</option>
        </SelectField>
        <Field label="Search" value={f.search} placeholder="Name or host" onChange={(e) => setF({ search: e.target.value, page: '1' })} />
      </div>
      <ErrorText error={list.error ?? poll.error ?? test.error} />
      <OutcomeText outcome={outcome} />
      {list.data && rows.length === 0 ? (
        <EmptyState title={f.status || f.search ? 'No SNMP device matches' : 'No SNMP devices yet'}>
          Add a switch, printer, firewall or UPS by address and credentials, or monitor an SNMP-capable asset from <Link className="underline" href="/discovery">network discovery</Link>.
        </EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="SNMP devices" columns={['Name', 'Host', 'Version', 'Status', 'Last poll', 'Identity', { label: 'Actions', hidden: true }]}>
            {rows.map((d) => (
              <tr key={d.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={`${CELL} font-medium`}>
                  <Link className="text-brand-700 underline dark:text-brand-100" href={`/snmp/devices/${d.id}`}>{d.name}</Link>
                  {!d.enabled && <div><Badge>paused</Badge></div>}
                </td>
                <td className={`${CELL} font-mono text-xs`}>
                  {d.host}:{d.port}
                  {d.probeDeviceId && <div className="font-sans text-slate-500">via probe agent</div>}
                </td>
                <td className={CELL}>{d.version}</td>
                <td className={CELL}>
                  <Badge tone={STATUS_TONE[d.status]}>{d.status}</Badge>
                  {d.lastError && <div className="max-w-xs text-xs text-slate-500">{d.lastError}</div>}
                </td>
                <td className={`${CELL} whitespace-nowrap text-xs`}>
                  {d.lastPolledAt ? formatDate(d.lastPolledAt) : '—'}
                  {d.lastPollMs !== null && <div className="text-slate-500">{d.lastPollMs} ms</div>}
                </td>
                <td className={`${CELL} max-w-xs truncate text-xs`} title={d.sysDescr ?? undefined}>{d.sysName ?? d.sysDescr ?? '—'}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {canWrite && (
                    <>
                      <Button variant="secondary" aria-label={`Poll now: ${d.name}`} disabled={poll.isPending} onClick={() => poll.mutate(d.id, { onSuccess: (r) => setOutcome({ kind: 'poll', r }) })}>
                        Poll now
                      </Button>{' '}
                      <Button variant="secondary" aria-label={`Test ${d.name}`} disabled={test.isPending} onClick={() => test.mutate({ id: d.id }, { onSuccess: (r) => setOutcome({ kind: 'test', r }) })}>
                        Test
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={(p) => setF({ page: String(p) })} />}
      <Dialog open={f.create === '1'} onClose={() => setF({ create: '' })} title="Add SNMP device" wide>
        {f.create === '1' && <SnmpDeviceForm onDone={(d) => router.push(`/snmp/devices/${d.id}`)} />}
      </Dialog>
    </SnmpPage>
  );
}
