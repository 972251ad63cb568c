'use client';

// The audit log: filters and the search box live in the URL (a filtered view can be shared),
// an entry opens in a dialog that is in the URL too (?open=<id>), and the export buttons download
// every entry matching the current filters, streamed by the server.
import Link from 'next/link';
import { useCallback, useState } from 'react';
import { exportAuditLog, useAuditLogs, type AuditFilters } from '@/hooks/use-audit-logs';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useUrlFilters, useUrlText, type SetFilters } from '@/hooks/use-url-filters';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState, ErrorText, FILTER_SEARCH_CLASS, FilterBar, INLINE_INPUT_CLASS, PageHeader, Pager, StatusBadge } from '@/components/ui/controls';
import { AuditEntryDetail } from '@/components/audit/audit-entry-detail';

const FILTER_DEFAULTS = { q: '', actor: '', action: '', target: '', targetId: '', org: '', result: '', from: '', to: '', page: '1', open: '' };
const CELL = 'px-4 py-2';

type Filters = typeof FILTER_DEFAULTS;

/** A typed filter: the box follows each keystroke, the URL follows once typing pauses. */
function useTextFilter(f: Filters, setF: SetFilters<Filters>, key: 'q' | 'actor' | 'action' | 'target' | 'targetId') {
  const write = useCallback((v: string) => setF({ [key]: v, page: '1' }, { replace: true }), [setF, key]);
  return useUrlText(f[key], write);
}

/** A datetime-local value (the browser's time zone) as ISO 8601, or undefined. */
function isoOf(local: string): string | undefined {
  const d = local ? new Date(local) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
}

export function AuditLogView() {
  const [f, setF] = useUrlFilters(FILTER_DEFAULTS);
  const [q, setQ] = useTextFilter(f, setF, 'q');
  const [actor, setActor] = useTextFilter(f, setF, 'actor');
  const [action, setAction] = useTextFilter(f, setF, 'action');
  const [target, setTarget] = useTextFilter(f, setF, 'target');
  const [targetId, setTargetId] = useTextFilter(f, setF, 'targetId');
  const orgs = useAllOrganizations();
  const page = Math.max(1, Number(f.page) || 1);
  const filters: AuditFilters = {
    q: f.q.length >= 2 ? f.q : undefined,
    actor: f.actor || undefined,
    action: f.action || undefined,
    targetType: f.target || undefined,
    targetId: f.targetId || undefined,
    orgId: f.org || undefined,
    result: f.result || undefined,
    from: isoOf(f.from),
    to: isoOf(f.to),
  };
  const logs = useAuditLogs({ page, ...filters });
  const total = logs.data?.pagination.total ?? 0;
  const [exporting, setExporting] = useState<'csv' | 'json' | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);

  async function download(format: 'csv' | 'json') {
    setExporting(format);
    setExportError(null);
    try {
      await exportAuditLog(filters, format);
    } catch (err) {
      setExportError(err);
    } finally {
      setExporting(null);
    }
  }

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Audit log"
        description={logs.data ? `${total.toLocaleString()} entr${total === 1 ? 'y' : 'ies'} match` : 'Who did what, when, from where.'}
        actions={
          <>
            <Link href="/audit/reports" className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
              Reports and statistics
            </Link>
            <Button variant="secondary" disabled={exporting !== null || total === 0} onClick={() => void download('csv')}>
              {exporting === 'csv' ? 'Exporting…' : 'Export CSV'}
            </Button>
            <Button variant="secondary" disabled={exporting !== null || total === 0} onClick={() => void download('json')}>
              {exporting === 'json' ? 'Exporting…' : 'Export JSON'}
            </Button>
          </>
        }
      />
      <FilterBar label="Filter the audit log">
        <input type="search" aria-label="Search the audit log" placeholder="Search actions, people, targets, details…" value={q} onChange={(e) => setQ(e.target.value)} className={FILTER_SEARCH_CLASS} />
        <input aria-label="Actor" placeholder="Actor email or id" value={actor} onChange={(e) => setActor(e.target.value)} className={INLINE_INPUT_CLASS} />
        <input aria-label="Action" placeholder='Action, e.g. "user." or "device.update"' value={action} onChange={(e) => setAction(e.target.value)} className={INLINE_INPUT_CLASS} />
        <input aria-label="Target type" placeholder="Target type, e.g. device" value={target} onChange={(e) => setTarget(e.target.value)} className={INLINE_INPUT_CLASS} />
        <input aria-label="Target id" placeholder="Target id" value={targetId} onChange={(e) => setTargetId(e.target.value)} className={INLINE_INPUT_CLASS} />
        <select aria-label="Organization" value={f.org} onChange={(e) => setF({ org: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value="">All organizations</option>
          {orgs.data?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        <select aria-label="Result" value={f.result} onChange={(e) => setF({ result: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value="">Any result</option>
          <option value="success">success</option>
          <option value="denied">denied</option>
          <option value="failure">failure</option>
        </select>
        <label className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
          From
          <input aria-label="From" type="datetime-local" value={f.from} onChange={(e) => setF({ from: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS} />
        </label>
        <label className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
          To
          <input aria-label="To" type="datetime-local" value={f.to} onChange={(e) => setF({ to: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS} />
        </label>
      </FilterBar>
      <ErrorText error={logs.error ?? exportError} />
      {logs.data && total === 0 && <EmptyState title="No entries match">Change the filters, the search or the date range.</EmptyState>}
      {logs.data && total > 0 && (
        <DataTable label="Audit log" testId="audit-log" columns={['Time', 'Actor', 'Action', 'Target', 'Result', 'IP']}>
          {logs.data.data.map((e) => (
            <tr key={e.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className={`${CELL} whitespace-nowrap`}>
                <button type="button" className="text-left text-brand-700 underline dark:text-brand-300" onClick={() => setF({ open: e.id })} aria-label={`Details of ${e.action} at ${new Date(e.createdAt).toLocaleString()}`}>
                  {new Date(e.createdAt).toLocaleString()}
                </button>
              </td>
              <td className={CELL}>{e.actorEmail ?? e.actorType}</td>
              <td className={`${CELL} font-mono text-xs`}>{e.action}</td>
              <td className={`${CELL} text-slate-500 dark:text-slate-400`}>{e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—'}</td>
              <td className={CELL}>
                <StatusBadge status={e.result} />
              </td>
              <td className={`${CELL} text-slate-500 dark:text-slate-400`}>{e.ip ?? '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {logs.data && <Pager page={page} total={total} limit={50} onPage={(p) => setF({ page: String(p) })} />}
      <Dialog open={f.open !== ''} onClose={() => setF({ open: '' })} title="Audit entry" wide>
        {f.open && <AuditEntryDetail id={f.open} onFilter={(patch) => setF({ ...patch, page: '1', open: '' })} />}
      </Dialog>
    </div>
  );
}
