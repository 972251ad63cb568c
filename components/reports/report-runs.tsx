'use client';

// The run history: each run's report, trigger, state (with the failure reason and attempts of a
// run waiting for a retry or failed for good), when it finished, and its file to download.
import { useState } from 'react';
import { downloadReportRun, useReportRuns, type Report, type ReportRun } from '@/hooks/use-reports';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Card, EmptyState, ErrorText, Pager, SelectField, StatusBadge } from '@/components/ui/controls';
import { FORMAT_LABELS } from '@/components/reports/report-labels';

const CELL = 'px-4 py-2';
const TRIGGERS: Record<ReportRun['trigger'], string> = { manual: 'Generated now', schedule: 'Scheduled', ad_hoc: 'Ad hoc' };

export function ReportRuns({ reports }: { reports: Pick<Report, 'id' | 'name'>[] }) {
  const [page, setPage] = useState(1);
  const [reportId, setReportId] = useState('');
  const runs = useReportRuns({ page, reportId: reportId || undefined });
  const [error, setError] = useState<unknown>(null);
  const rows = runs.data?.data ?? [];

  async function download(run: ReportRun) {
    setError(null);
    try {
      await downloadReportRun(run);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Card title="Run history">
      <div className="mb-3 max-w-xs">
        <SelectField
          label="Runs of"
          value={reportId}
          onChange={(e) => {
            setReportId(e.target.value);
            setPage(1);
          }}
        >
          <option value="">Every report</option>
          {reports.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorText error={runs.error ?? error} />
      {runs.data && rows.length === 0 ? (
        <EmptyState title="No runs yet">Generate a report now, or wait for its schedule.</EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Report runs" columns={['Report', 'Trigger', 'State', 'Attempts', 'Started', 'Finished', 'File']}>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100 align-top dark:border-slate-800" data-testid={`run-${r.id}`}>
                <td className={CELL}>
                  <span className="font-medium">{r.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{FORMAT_LABELS[r.format]}</span>
                </td>
                <td className={CELL}>{TRIGGERS[r.trigger]}</td>
                <td className={CELL}>
                  <StatusBadge status={r.status} />
                  {r.error && <span className="mt-1 block max-w-xs text-xs text-red-700 dark:text-red-300">{r.status === 'queued' ? `Retrying: ${r.error}` : r.error}</span>}
                  {r.emailedAt && <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">Emailed to {r.emailRecipients.length}</span>}
                </td>
                <td className={CELL}>
                  {r.attempts} of {r.maxAttempts}
                </td>
                <td className={`${CELL} whitespace-nowrap text-xs`}>{r.startedAt ? formatDate(r.startedAt) : '—'}</td>
                <td className={`${CELL} whitespace-nowrap text-xs`}>{r.completedAt ? formatDate(r.completedAt) : '—'}</td>
                <td className={CELL}>
                  {r.file ? (
                    <Button variant="secondary" onClick={() => void download(r)} aria-label={`Download ${r.file.name}`}>
                      Download
                    </Button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {runs.data && runs.data.pagination.total > runs.data.pagination.limit && <Pager page={page} total={runs.data.pagination.total} limit={runs.data.pagination.limit} onPage={setPage} />}
    </Card>
  );
}
