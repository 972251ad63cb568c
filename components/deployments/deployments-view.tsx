'use client';

// Deployments: every rollout in scope with its state and progress, filters in the URL, cancel
// for the selected unfinished ones, and the new-deployment dialog (?create=1, optionally
// pre-filled with a catalog package and version by the software catalog's Deploy button).
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { TERMINAL_DEPLOYMENT, useDeploymentAction, useDeployments, type Deployment } from '@/hooks/use-deployments';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters, useUrlText } from '@/hooks/use-url-filters';
import { useCurrentOrg } from '@/components/shell/current-org';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorText, FILTER_SEARCH_CLASS, FilterBar, PageHeader, Pager, SelectField } from '@/components/ui/controls';
import { DEPLOYMENT_STATUSES, DeploymentProgress, DeploymentStatusBadge, pauseText } from '@/components/deployments/deployment-status';
import { DeploymentForm } from '@/components/deployments/deployment-form';

const DEFAULTS = { status: '', kind: '', org: '', search: '', page: '1', create: '', packageId: '', versionId: '' };
const KIND_LABELS: Record<Deployment['kind'], string> = { software: 'Software', script: 'Script', patches: 'Patches' };
const CELL = 'px-4 py-2';

export function DeploymentsView() {
  const router = useRouter();
  const { orgId: currentOrg } = useCurrentOrg();
  const [f, setF] = useUrlFilters(DEFAULTS);
  const [search, setSearch] = useUrlText(f.search, useCallback((v: string) => setF({ search: v, page: '1' }, { replace: true }), [setF]));
  const page = Math.max(1, Number(f.page) || 1);
  const orgId = f.org || currentOrg || undefined;
  const list = useDeployments({ status: f.status || undefined, kind: f.kind || undefined, orgId, search: f.search || undefined, page });
  const orgs = useAllOrganizations();
  const canManage = useCan('deployments:manage');
  const action = useDeploymentAction();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const rows = list.data?.data ?? [];
  const cancellable = rows.filter((d) => !TERMINAL_DEPLOYMENT.includes(d.status));
  const filtered = !!(f.status || f.kind || f.org || f.search);

  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  async function cancelSelected() {
    const ids = cancellable.filter((d) => selected.has(d.id)).map((d) => d.id);
    if (!window.confirm(`Cancel ${ids.length} deployment(s)? Devices that have not started are cancelled; running installs finish.`)) return;
    const outcomes = await Promise.allSettled(ids.map((id) => action.mutateAsync({ id, action: 'cancel' })));
    const failed = outcomes.filter((o) => o.status === 'rejected').length;
    setMessage(`${ids.length - failed} deployment(s) cancelled${failed ? `, ${failed} refused` : ''}.`);
    setSelected(new Set());
  }

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Deployments"
        description="Roll software, scripts and approved patches out to organizations, sites, groups or devices, all at once or in batches that pause on failures."
        actions={canManage && <Button onClick={() => setF({ create: '1' })}>New deployment</Button>}
      />
      <FilterBar label="Filter deployments">
        <input type="search" aria-label="Search deployments" placeholder="Name" className={FILTER_SEARCH_CLASS} value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="Status" value={f.status} onChange={(e) => setF({ status: e.target.value, page: '1' })}>
          <option value="">Any</option>
          {DEPLOYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" value={f.kind} onChange={(e) => setF({ kind: e.target.value, page: '1' })}>
          <option value="">Any</option>
          {Object.entries(KIND_LABELS).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Organization" value={f.org} onChange={(e) => setF({ org: e.target.value, page: '1' })}>
          <option value="">{currentOrg ? 'Current organization' : 'Any'}</option>
          {(orgs.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      </FilterBar>
      {canManage && selected.size > 0 && (
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Selected deployments">
          <span className="text-sm">{selected.size} selected</span>
          <Button variant="danger" onClick={() => void cancelSelected()} disabled={action.isPending}>
            Cancel deployments
          </Button>
          <Button variant="secondary" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}
      {message && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {message}
        </p>
      )}
      <ErrorText error={list.error} />
      {list.data && rows.length === 0 ? (
        filtered ? (
          <EmptyState title="No deployment matches">Change the filters to see other deployments.</EmptyState>
        ) : (
          <EmptyState title="No deployments yet" action={canManage && <Button onClick={() => setF({ create: '1' })}>New deployment</Button>}>
            Deploy a catalog package, a script or approved patches to many devices, in batches that stop when too many fail.
          </EmptyState>
        )
      ) : (
        rows.length > 0 && (
          <DataTable label="Deployments" columns={[{ label: 'Select', hidden: true }, 'Name', 'Kind', 'Status', 'Progress', 'Batch', 'Scope', 'Created']}>
            {rows.map((d) => {
              const terminal = TERMINAL_DEPLOYMENT.includes(d.status);
              const pause = pauseText(d);
              return (
                <tr key={d.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                  <td className={CELL}>
                    <input type="checkbox" aria-label={`Select ${d.name}`} checked={selected.has(d.id)} onChange={() => toggle(d.id)} disabled={!canManage || terminal} />
                  </td>
                  <td className={CELL}>
                    <Link href={`/deployments/${d.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                      {d.name}
                    </Link>
                  </td>
                  <td className={CELL}>{KIND_LABELS[d.kind]}</td>
                  <td className={CELL}>
                    <DeploymentStatusBadge status={d.status} />
                    {pause && <span className="mt-1 block text-xs text-amber-800 dark:text-amber-300">{pause}</span>}
                  </td>
                  <td className={`${CELL} w-48`}>{d.status === 'draft' ? <span className="text-xs text-slate-600 dark:text-slate-400">Not initialized</span> : <DeploymentProgress progress={d.progress} name={d.name} compact />}</td>
                  <td className={`${CELL} whitespace-nowrap`}>{d.totalBatches > 0 ? `${d.currentBatch} of ${d.totalBatches}` : '—'}</td>
                  <td className={CELL}>{d.orgId ? ((orgs.data ?? []).find((o) => o.id === d.orgId)?.name ?? 'Organization') : 'Partner-wide'}</td>
                  <td className={`${CELL} whitespace-nowrap text-xs`}>{formatDate(d.createdAt)}</td>
                </tr>
              );
            })}
          </DataTable>
        )
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={(p) => setF({ page: String(p) })} />}
      <Dialog open={f.create === '1'} onClose={() => setF({ create: '', packageId: '', versionId: '' })} title="New deployment" wide>
        {f.create === '1' && (
          <DeploymentForm
            defaultOrgId={currentOrg}
            prefill={f.packageId ? { kind: 'software', packageId: f.packageId, versionId: f.versionId } : undefined}
            onDone={(d) => router.push(`/deployments/${d.id}`)}
          />
        )}
      </Dialog>
    </div>
  );
}
