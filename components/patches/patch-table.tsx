'use client';

// Patches by patch: filters (source, severity, approval, search), a page of patches with
// checkboxes, and approve / decline / defer for the selection.
import { useState } from 'react';
import { usePatchDecision, usePatches, type DecisionInput } from '@/hooks/use-patches';
import { useCan } from '@/hooks/use-me';
import { usePatchPolicies } from '@/hooks/use-patch-policies';
import { useUrlText, type SetFilters } from '@/hooks/use-url-filters';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState, ErrorText, FILTER_SEARCH_CLASS, FilterBar, Pager, SelectField } from '@/components/ui/controls';
import { ApprovalBadge, SeverityBadge } from '@/components/patches/severity-badge';
import type { PatchFilters } from '@/components/patches/patches-view';

export function PatchTable({ orgId, filters, setFilters }: { orgId?: string; filters: PatchFilters; setFilters: SetFilters<PatchFilters> }) {
  const page = Number(filters.page) || 1;
  const patches = usePatches({ orgId, page, source: filters.source || undefined, severity: filters.severity || undefined, status: filters.status || undefined, search: filters.search || undefined });
  const [search, setSearch] = useUrlText(filters.search, (v) => setFilters({ search: v, page: '1' }, { replace: true }));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deferring, setDeferring] = useState(false);
  const [until, setUntil] = useState('');
  const decision = usePatchDecision();
  const canApprove = useCan('patches:approve');
  const list = patches.data?.data ?? [];
  const policies = usePatchPolicies({});
  // An approval made by a policy names it; the first such approval in scope stands for the row.
  const approvedByPolicy = (p: (typeof list)[number]) => {
    const id = p.approvals.find((a) => a.status === 'approved' && a.decidedByPolicyId)?.decidedByPolicyId;
    return id ? (policies.data?.data.find((x) => x.id === id)?.name ?? 'a deleted policy') : null;
  };
  const [message, setMessage] = useState<string | null>(null);

  const toggle = (id: string) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  const decide = async (action: DecisionInput['action'], extra: Partial<DecisionInput> = {}) => {
    const r = await decision.mutateAsync({ patchIds: [...selected], action, ...(orgId ? { orgIds: [orgId] } : {}), ...extra });
    setMessage(`${r.results.length} patch(es) ${action === 'approve' ? 'approved' : action === 'decline' ? 'declined' : 'deferred'}${r.failed.length ? `, ${r.failed.length} refused: ${r.failed[0].message}` : ''}.`);
    setSelected(new Set());
  };

  return (
    <div className="space-y-3 pt-3">
      <FilterBar label="Patch filters">
        <input type="search" aria-label="Search patches" placeholder="Package or CVE id" className={FILTER_SEARCH_CLASS} value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="Source" value={filters.source} onChange={(e) => setFilters({ source: e.target.value, page: '1' })}>
          <option value="">Any</option>
          <option value="linux">Linux</option>
          <option value="third_party">Third party</option>
          <option value="os_vendor_a">OS vendor A</option>
          <option value="os_vendor_b">OS vendor B</option>
          <option value="custom">Custom</option>
        </SelectField>
        <SelectField label="Severity" value={filters.severity} onChange={(e) => setFilters({ severity: e.target.value, page: '1' })}>
          <option value="">Any</option>
          <option value="critical,important">Critical or important</option>
          <option value="moderate">Moderate</option>
          <option value="low">Low</option>
        </SelectField>
        <SelectField label="Approval" value={filters.status} onChange={(e) => setFilters({ status: e.target.value, page: '1' })}>
          <option value="">Any</option>
          <option value="pending">Pending</option>
          <option value="approved">Approved</option>
          <option value="deferred">Deferred</option>
          <option value="declined">Declined</option>
        </SelectField>
      </FilterBar>
      {canApprove && selected.size > 0 && (
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Selected patches">
          <span className="text-sm">{selected.size} selected</span>
          <Button onClick={() => decide('approve')} disabled={decision.isPending}>Approve</Button>
          <Button variant="secondary" onClick={() => decide('decline')} disabled={decision.isPending}>Decline</Button>
          <Button variant="secondary" onClick={() => setDeferring(true)} disabled={decision.isPending}>Defer…</Button>
        </div>
      )}
      {message && <p role="status" className="text-sm text-slate-700 dark:text-slate-300">{message}</p>}
      <ErrorText error={patches.error ?? decision.error} />
      {patches.data && list.length === 0 &&
        (filters.source || filters.severity || filters.status || filters.search ? (
          <EmptyState title="No patch matches">Change the filters to see other patches.</EmptyState>
        ) : (
          <EmptyState title="No patches">Run a scan on your Linux devices from the By device view; agents also scan every 6 hours.</EmptyState>
        ))}
      {list.length > 0 && (
        <DataTable label="Patches" columns={[{ label: 'Select', hidden: true }, 'Package', 'Version', 'Severity', 'Source', 'CVEs', 'Approval', 'Devices missing', 'Installed']}>
          {list.map((p) => (
            <tr key={p.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <input type="checkbox" aria-label={`Select ${p.name} ${p.version}`} checked={selected.has(p.id)} onChange={() => toggle(p.id)} disabled={!canApprove} />
              </td>
              <td className="px-4 py-2 font-medium">{p.name}</td>
              <td className="px-4 py-2">{p.version}</td>
              <td className="px-4 py-2"><SeverityBadge severity={p.severity} /></td>
              <td className="px-4 py-2">{p.source}</td>
              <td className="px-4 py-2 text-xs">{p.cveIds.join(', ') || '—'}</td>
              <td className="px-4 py-2">
                <ApprovalBadge status={p.approvalStatus} />
                {approvedByPolicy(p) && <span className="block text-xs text-slate-600 dark:text-slate-400">approved by policy {approvedByPolicy(p)}</span>}
              </td>
              <td className="px-4 py-2">{p.deviceCounts.available + p.deviceCounts.failed}</td>
              <td className="px-4 py-2">{p.deviceCounts.installed}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} total={patches.data?.pagination.total ?? 0} limit={patches.data?.pagination.limit ?? 50} onPage={(p) => setFilters({ page: String(p) })} />
      <Dialog open={deferring} onClose={() => setDeferring(false)} title="Defer patches">
        <form
          className="space-y-3"
          onSubmit={async (e) => {
            e.preventDefault();
            await decide('defer', { until: new Date(until).toISOString() });
            setDeferring(false);
          }}
        >
          <Field label="Deferred until" type="datetime-local" required value={until} onChange={(e) => setUntil(e.target.value)} hint="They are pending again after this; at most a year ahead." />
          <Button type="submit" disabled={!until || decision.isPending}>Defer {selected.size} patch(es)</Button>
        </form>
      </Dialog>
    </div>
  );
}
