'use client';

// Policies: the fleet's compliance (a chart over stored results, never evaluated on read), every
// policy in scope with its state and compliance percentage, and the new-policy dialog (?create=1).
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { useComplianceStats, usePolicies } from '@/hooks/use-policies';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters, useUrlText } from '@/hooks/use-url-filters';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { ChartView } from '@/components/ui/chart';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Badge, Card, EmptyState, ErrorText, FILTER_SEARCH_CLASS, FilterBar, PageHeader, Pager, SelectField } from '@/components/ui/controls';
import { PolicyForm } from '@/components/policies/policy-form';

const DEFAULTS = { active: '', search: '', page: '1', create: '' };
const CELL = 'px-4 py-2';

export function PoliciesView() {
  const router = useRouter();
  const { orgId: currentOrg } = useCurrentOrg();
  const [f, setF] = useUrlFilters(DEFAULTS);
  const [search, setSearch] = useUrlText(f.search, useCallback((v: string) => setF({ search: v, page: '1' }, { replace: true }), [setF]));
  const page = Math.max(1, Number(f.page) || 1);
  const list = usePolicies({ active: f.active || undefined, search: f.search || undefined, page });
  const stats = useComplianceStats();
  const orgs = useAllOrganizations();
  const canManage = useCan('policies:manage');
  const rows = list.data?.data ?? [];
  const s = stats.data;
  const chart = useMemo(() => (s ? [{ label: 'Devices', data: [s.devices.compliant, s.devices.nonCompliant, s.devices.pending], color: '#16a34a,#dc2626,#d97706' }] : []), [s]);
  const labels = useMemo(() => ['Compliant', 'Non-compliant', 'Pending'], []);

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Policies"
        description="Settings and checks assigned to organizations, sites, groups or devices; the most specific assignment wins. Compliance is evaluated by the worker and shown from stored results."
        actions={canManage && <Button onClick={() => setF({ create: '1' })}>New policy</Button>}
      />
      <ErrorText error={stats.error} />
      {s && (
        <div className="grid gap-4 md:grid-cols-2">
          <Card title="Device compliance">
            {s.devices.evaluated > 0 ? (
              <ChartView type="doughnut" labels={labels} series={chart} label="Devices by policy compliance" />
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">No device has been evaluated against a policy with checks yet.</p>
            )}
          </Card>
          <Card title="Overview">
            <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="policy-stats">
              <dt>Active policies</dt>
              <dd>{s.policies.active} of {s.policies.total}</dd>
              <dt>Devices evaluated</dt>
              <dd>{s.devices.evaluated}</dd>
              <dt>Non-compliant devices</dt>
              <dd data-testid="non-compliant-devices">{s.devices.nonCompliant}</dd>
              <dt>Compliance</dt>
              <dd>{s.assignments.compliancePercent === null ? '—' : `${s.assignments.compliancePercent}%`}</dd>
              <dt>Failing checks</dt>
              <dd>{s.checks.fail + s.checks.error}</dd>
            </dl>
          </Card>
        </div>
      )}
      <FilterBar label="Filter policies">
        <input type="search" aria-label="Search policies" placeholder="Name" className={FILTER_SEARCH_CLASS} value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="State" value={f.active} onChange={(e) => setF({ active: e.target.value, page: '1' })}>
          <option value="">Any</option>
          <option value="true">Active</option>
          <option value="false">Deactivated</option>
        </SelectField>
      </FilterBar>
      <ErrorText error={list.error} />
      {list.data && rows.length === 0 ? (
        <EmptyState title={f.search || f.active ? 'No policy matches' : 'No policies yet'} action={canManage && <Button onClick={() => setF({ create: '1' })}>New policy</Button>}>
          A policy checks that a service runs, software is (not) installed or a script passes, and sets agent intervals, on the devices it is assigned to.
        </EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Policies" columns={['Name', 'State', 'Checks', 'Assignments', 'Compliance', 'Non-compliant', 'Scope']}>
            {rows.map((p) => (
              <tr key={p.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={CELL}>
                  <Link href={`/policies/${p.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                    {p.name}
                  </Link>
                </td>
                <td className={CELL}>{p.active ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Deactivated</Badge>}</td>
                <td className={CELL}>{p.checks.length}</td>
                <td className={CELL}>{p.assignments.length}</td>
                <td className={CELL}>{p.compliance.compliancePercent === null ? '—' : `${p.compliance.compliancePercent}%`}</td>
                <td className={CELL}>
                  {p.compliance.nonCompliant > 0 ? (
                    <Link href={`/policies/${p.id}?status=non_compliant`} className="text-red-700 hover:underline dark:text-red-300">
                      {p.compliance.nonCompliant}
                    </Link>
                  ) : (
                    0
                  )}
                </td>
                <td className={CELL}>{p.orgId ? ((orgs.data ?? []).find((o) => o.id === p.orgId)?.name ?? 'Organization') : 'Partner-wide'}</td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={(p) => setF({ page: String(p) })} />}
      <Dialog open={f.create === '1'} onClose={() => setF({ create: '' })} title="New policy" wide>
        {f.create === '1' && <PolicyForm defaultOrgId={currentOrg} onDone={(p) => router.push(`/policies/${p.id}`)} />}
      </Dialog>
    </div>
  );
}
