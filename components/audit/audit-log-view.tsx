'use client';

import { useState } from 'react';
import { fetchAuditEntries, useAuditLogs, type AuditEntry, type AuditFilters } from '@/hooks/use-audit-logs';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager, StatusBadge } from '@/components/ui/controls';
import { downloadText } from '@/lib/client/format';
import { toCsv } from '@/lib/csv';
import { DataTable } from '@/components/ui/data-table';

const EXPORT_MAX = 10_000;

export function AuditLogView() {
  const { orgId } = useCurrentOrg();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [targetType, setTargetType] = useState('');
  const [result, setResult] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [detail, setDetail] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState<number | null>(null);
  const filters: AuditFilters = {
    action: action.trim() || undefined,
    targetType: targetType.trim() || undefined,
    result: result || undefined,
    orgId: orgId ?? undefined,
    from: from ? new Date(from).toISOString() : undefined,
    to: to ? new Date(to).toISOString() : undefined,
  };
  const logs = useAuditLogs({ page, ...filters });
  const total = logs.data?.pagination.total ?? 0;
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  async function exportAs(kind: 'csv' | 'json') {
    setExporting(0);
    try {
      const rows = await fetchAuditEntries(filters, EXPORT_MAX, setExporting);
      const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '');
      if (kind === 'json') downloadText(`audit-${stamp}.json`, JSON.stringify(rows, null, 2), 'application/json');
      else
        downloadText(
          `audit-${stamp}.csv`,
          toCsv(
            ['time', 'actorType', 'actor', 'action', 'targetType', 'targetId', 'orgId', 'result', 'ip'],
            rows.map((e) => [e.createdAt, e.actorType, e.actorEmail, e.action, e.targetType, e.targetId, e.orgId ?? '', e.result, e.ip]),
          ),
        );
    } finally {
      setExporting(null);
    }
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title="Audit log"
        description={`${total} entr${total === 1 ? 'y' : 'ies'} match`}
        actions={
          <>
            <Button variant="secondary" disabled={exporting !== null || total === 0} onClick={() => void exportAs('csv')}>
              {exporting !== null ? `Exporting… ${exporting}` : 'Export CSV'}
            </Button>
            <Button variant="secondary" disabled={exporting !== null || total === 0} onClick={() => void exportAs('json')}>
              Export JSON
            </Button>
          </>
        }
      />
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label="Filter the audit log">
        <input aria-label="Action" placeholder='Action, e.g. "user.login" or "organization."' value={action} onChange={(e) => reset(setAction)(e.target.value)} className={INPUT_CLASS} />
        <input aria-label="Target type" placeholder="Target type, e.g. device" value={targetType} onChange={(e) => reset(setTargetType)(e.target.value)} className={INPUT_CLASS} />
        <select aria-label="Result" value={result} onChange={(e) => reset(setResult)(e.target.value)} className={INPUT_CLASS}>
          <option value="">Any result</option>
          <option value="success">success</option>
          <option value="denied">denied</option>
          <option value="failure">failure</option>
        </select>
        <input aria-label="From" type="datetime-local" value={from} onChange={(e) => reset(setFrom)(e.target.value)} className={INPUT_CLASS} />
        <input aria-label="To" type="datetime-local" value={to} onChange={(e) => reset(setTo)(e.target.value)} className={INPUT_CLASS} />
      </div>
      {total > EXPORT_MAX && <p className="text-xs text-slate-500">Exports hold the newest {EXPORT_MAX.toLocaleString()} matching entries; narrow the dates for older ones.</p>}
      <ErrorText error={logs.error} />
      {logs.data && total === 0 && <EmptyState title="No entries match">Change the filters or the date range.</EmptyState>}
      {logs.data && total > 0 && (
        <DataTable label="Audit log" columns={['Time', 'Actor', 'Action', 'Target', 'Result', 'IP']}>
          {logs.data.data.map((e) => (
            <tr key={e.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2 whitespace-nowrap text-slate-500">
                <button type="button" className="hover:underline" onClick={() => setDetail(e)} aria-label={`Details of ${e.action} at ${new Date(e.createdAt).toLocaleString()}`}>
                  {new Date(e.createdAt).toLocaleString()}
                </button>
              </td>
              <td className="px-4 py-2">{e.actorEmail ?? e.actorType}</td>
              <td className="px-4 py-2 font-mono text-xs">{e.action}</td>
              <td className="px-4 py-2 text-slate-500">{e.targetType ? `${e.targetType} ${e.targetId?.slice(0, 8) ?? ''}` : '—'}</td>
              <td className="px-4 py-2"><StatusBadge status={e.result} /></td>
              <td className="px-4 py-2 text-slate-500">{e.ip ?? '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} total={total} limit={50} onPage={setPage} />
      <Dialog open={detail !== null} onClose={() => setDetail(null)} title="Audit entry" wide>
        <pre className="max-h-[60vh] overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">{JSON.stringify(detail, null, 2)}</pre>
      </Dialog>
    </div>
  );
}
