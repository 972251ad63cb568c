'use client';

// Reports: saved reports with their type, format, schedule and recipients; "Generate now",
// edit and delete for those who manage reports; the new/edit dialog (?create=1, ?edit=<id>) and
// the run history with downloads.
import { useState } from 'react';
import { useDeleteReport, useGenerateReport, useReports, type Report } from '@/hooks/use-reports';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useCurrentOrg } from '@/components/shell/current-org';
import { formatDate } from '@/lib/client/format';
import { messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorText, FilterBar, PageHeader, Pager, SelectField } from '@/components/ui/controls';
import { ReportForm } from '@/components/reports/report-form';
import { ReportRuns } from '@/components/reports/report-runs';
import { FORMAT_LABELS, TYPE_LABELS, scheduleText } from '@/components/reports/report-labels';

const DEFAULTS = { type: '', page: '1', create: '', edit: '' };
const CELL = 'px-4 py-2';

export function ReportsView() {
  const { orgId: currentOrg } = useCurrentOrg();
  const [f, setF] = useUrlFilters(DEFAULTS);
  const page = Math.max(1, Number(f.page) || 1);
  const list = useReports({ type: f.type || undefined, orgId: currentOrg || undefined, page });
  const orgs = useAllOrganizations();
  const canManage = useCan('reports:manage');
  const generate = useGenerateReport();
  const remove = useDeleteReport();
  const [message, setMessage] = useState<string | null>(null);
  const rows = list.data?.data ?? [];
  const editing = rows.find((r) => r.id === f.edit);

  async function generateNow(r: Report) {
    setMessage(null);
    try {
      await generate.mutateAsync(r.id);
      setMessage(`${r.name} is being generated${r.config.emailRecipients.length ? ` and will be emailed to ${r.config.emailRecipients.length} recipient(s)` : ''}.`);
    } catch (err) {
      setMessage(messageOf(err, 'Could not generate the report'));
    }
  }

  async function del(r: Report) {
    if (!window.confirm(`Delete the report “${r.name}”? Its past runs and files stay in the history.`)) return;
    try {
      await remove.mutateAsync(r.id);
    } catch (err) {
      setMessage(messageOf(err, 'Could not delete the report'));
    }
  }

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Reports"
        description="Inventories, alerts, patch compliance, availability, ticket SLAs and executive summaries as PDF, CSV or Excel, on demand or on a schedule that emails them."
        actions={canManage && <Button onClick={() => setF({ create: '1' })}>New report</Button>}
      />
      <FilterBar label="Filter reports">
        <SelectField label="Type" value={f.type} onChange={(e) => setF({ type: e.target.value, page: '1' })}>
          <option value="">Any</option>
          {Object.entries(TYPE_LABELS).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </SelectField>
      </FilterBar>
      {message && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {message}
        </p>
      )}
      <ErrorText error={list.error} />
      {list.data && rows.length === 0 ? (
        <EmptyState title={f.type ? 'No report of this type' : 'No reports yet'} action={canManage && <Button onClick={() => setF({ create: '1' })}>New report</Button>}>
          Save a report to generate it again or have it emailed every day, week or month.
        </EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Reports" columns={['Name', 'Type', 'Format', 'Schedule', 'Next run', 'Recipients', 'Scope', { label: 'Actions', hidden: true }]}>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={`${CELL} font-medium`}>{r.name}</td>
                <td className={CELL}>{TYPE_LABELS[r.type]}</td>
                <td className={CELL}>{FORMAT_LABELS[r.format]}</td>
                <td className={CELL}>{scheduleText(r)}</td>
                <td className={`${CELL} whitespace-nowrap text-xs`}>{r.nextRunAt ? formatDate(r.nextRunAt) : '—'}</td>
                <td className={CELL}>{r.config.emailRecipients.length || '—'}</td>
                <td className={CELL}>{r.orgId ? ((orgs.data ?? []).find((o) => o.id === r.orgId)?.name ?? 'Organization') : 'Partner-wide'}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {canManage && (
                    <div className="flex gap-2">
                      <Button onClick={() => void generateNow(r)} disabled={generate.isPending} aria-label={`Generate now: ${r.name}`}>
                        Generate now
                      </Button>
                      <Button variant="secondary" onClick={() => setF({ edit: r.id })} aria-label={`Edit ${r.name}`}>
                        Edit
                      </Button>
                      <Button variant="danger" onClick={() => void del(r)} aria-label={`Delete ${r.name}`}>
                        Delete
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {list.data && list.data.pagination.total > list.data.pagination.limit && <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={(p) => setF({ page: String(p) })} />}
      <ReportRuns reports={rows} />
      <Dialog open={f.create === '1'} onClose={() => setF({ create: '' })} title="New report" wide>
        {f.create === '1' && <ReportForm defaultOrgId={currentOrg} onDone={() => setF({ create: '' })} />}
      </Dialog>
      <Dialog open={!!editing} onClose={() => setF({ edit: '' })} title="Edit report" wide>
        {editing && <ReportForm report={editing} onDone={() => setF({ edit: '' })} />}
      </Dialog>
    </div>
  );
}
