'use client';

// Vulnerabilities: the priority counts, then the findings by CVE (each links to its devices) or
// by software (the package whose upgrade fixes them), with remediation and tickets per group.
// Filters and the view live in the URL.
import Link from 'next/link';
import { useState } from 'react';
import { useCurrentOrg } from '@/components/shell/current-org';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useRemediate, useVulnerabilities, useVulnerabilityStats, useVulnerabilityTickets, useVulnerableSoftware, type Selection } from '@/hooks/use-vulnerabilities';
import { DataTable } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, FILTER_SEARCH_CLASS, FilterBar, PageHeader, Pager, Tabs } from '@/components/ui/controls';
import { KevBadge, VulnSeverityBadge } from '@/components/vulnerabilities/severity';

const DEFAULTS = { view: 'cve', status: 'open', severity: '', search: '', page: '1' };

export function VulnerabilitiesView() {
  const { orgId } = useCurrentOrg();
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const view = filters.view === 'software' ? 'software' : 'cve';
  return (
    <div className="space-y-4">
      <PageHeader title="Vulnerabilities" description="Known vulnerabilities in the software of your devices, matched against the loaded OSV advisories and the CISA known-exploited catalog." />
      <Stats orgId={orgId ?? undefined} />
      <Tabs
        label="Vulnerability views"
        value={view}
        onChange={(v) => setFilters({ view: v, page: '1' })}
        tabs={[
          { id: 'cve', label: 'By CVE' },
          { id: 'software', label: 'By software' },
        ]}
      />
      <FilterBar label="Vulnerability filters">
        <label className="text-sm">
          <span className="sr-only">Search</span>
          <input className={FILTER_SEARCH_CLASS} placeholder="CVE or package" value={filters.search} onChange={(e) => setFilters({ search: e.target.value, page: '1' })} />
        </label>
        <label className="text-sm">
          <span className="sr-only">Status</span>
          <select className={FILTER_SEARCH_CLASS} value={filters.status} onChange={(e) => setFilters({ status: e.target.value, page: '1' })}>
            {['open', 'accepted', 'mitigated', 'resolved'].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </FilterBar>
      <div role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`}>
        {view === 'cve' ? <ByCve orgId={orgId ?? undefined} filters={filters} setPage={(p) => setFilters({ page: String(p) })} /> : <BySoftware orgId={orgId ?? undefined} filters={filters} setPage={(p) => setFilters({ page: String(p) })} />}
      </div>
    </div>
  );
}

function Stats({ orgId }: { orgId?: string }) {
  const stats = useVulnerabilityStats({ orgId });
  const s = stats.data;
  const items = [
    ['Critical open', s?.criticalOpen],
    ['Known exploited', s ? `${s.knownExploitedExposure.cves} CVEs on ${s.knownExploitedExposure.devices} devices` : undefined],
    ['Patch ready', s?.patchReady],
    ['Accepted, expiring soon', s?.acceptedExpiringSoon],
  ] as const;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <Card key={label}>
          <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
          <p className="text-2xl font-semibold">{value ?? '–'}</p>
        </Card>
      ))}
      <ErrorText error={stats.error} />
    </div>
  );
}

type ViewProps = { orgId?: string; filters: typeof DEFAULTS; setPage: (p: number) => void };

function ByCve({ orgId, filters, setPage }: ViewProps) {
  const page = Number(filters.page) || 1;
  const list = useVulnerabilities({ orgId, status: filters.status, search: filters.search || undefined, page });
  return (
    <div className="space-y-2">
      <ErrorText error={list.error} />
      <DataTable label="Vulnerabilities by CVE" columns={['CVE', 'Severity', 'Packages', 'Devices', 'Fix', 'Patch ready']}>
        {(list.data?.data ?? []).map((v) => (
          <tr key={v.cveId} className="border-t border-slate-100 dark:border-slate-800">
            <td className="px-4 py-2">
              <Link href={`/vulnerabilities/${encodeURIComponent(v.cveId)}${filters.status && filters.status !== 'open' ? `?status=${filters.status}` : ''}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                {v.cveId}
              </Link>{' '}
              {v.knownExploited ? <KevBadge /> : null}
              {v.summary ? <span className="block max-w-md truncate text-xs text-slate-600 dark:text-slate-400">{v.summary}</span> : null}
            </td>
            <td className="px-4 py-2">
              <VulnSeverityBadge severity={v.severity} /> {v.cvssScore ?? ''}
            </td>
            <td className="px-4 py-2">{v.packages.join(', ')}</td>
            <td className="px-4 py-2">{v.affectedDevices}</td>
            <td className="px-4 py-2">{v.fixAvailable ? 'Available' : 'None yet'}</td>
            <td className="px-4 py-2">{v.patchReady}</td>
          </tr>
        ))}
      </DataTable>
      {list.data ? <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={setPage} /> : null}
    </div>
  );
}

function BySoftware({ orgId, filters, setPage }: ViewProps) {
  const page = Number(filters.page) || 1;
  const list = useVulnerableSoftware({ orgId, status: filters.status, search: filters.search || undefined, page });
  return (
    <div className="space-y-2">
      <ErrorText error={list.error} />
      <DataTable label="Vulnerable software" columns={['Package', 'Fixed in', 'CVEs', 'Devices', 'Worst', 'Patch ready', 'Actions']}>
        {(list.data?.data ?? []).map((g) => (
          <tr key={g.groupKey} className="border-t border-slate-100 dark:border-slate-800">
            <td className="px-4 py-2">
              <span className="font-medium">{g.packageName}</span> <span className="text-xs text-slate-600 dark:text-slate-400">{g.ecosystem}</span> {g.knownExploited ? <KevBadge /> : null}
              {g.sourcePackage ? <span className="block text-xs text-slate-600 dark:text-slate-400">source package {g.sourcePackage}</span> : null}
            </td>
            <td className="px-4 py-2">{g.fixedVersion ?? 'No fix yet'}</td>
            <td className="px-4 py-2">{g.cveCount}</td>
            <td className="px-4 py-2">{g.affectedDevices}</td>
            <td className="px-4 py-2">
              <VulnSeverityBadge severity={g.worstSeverity} />
            </td>
            <td className="px-4 py-2">{g.patchReady}</td>
            <td className="px-4 py-2">
              <SelectionActions selection={{ groupKey: g.groupKey }} name={g.packageName} />
            </td>
          </tr>
        ))}
      </DataTable>
      {list.data ? <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={setPage} /> : null}
    </div>
  );
}

/** Remediate (install the fixing patch) and open tickets for a CVE or a software group. */
export function SelectionActions({ selection, name }: { selection: Selection; name: string }) {
  const remediate = useRemediate();
  const tickets = useVulnerabilityTickets();
  const canExecute = useCan('devices:execute');
  const canTicket = useCan('tickets:write');
  const [note, setNote] = useState('');
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canExecute ? (
        <Button
          variant="secondary"
          aria-label={`Remediate ${name}`}
          disabled={remediate.isPending}
          onClick={() =>
            remediate.mutate(selection, { onSuccess: (r) => setNote(`${r.jobs.length} install job(s) sent${r.skipped.length ? `, ${r.skipped.length} skipped (${[...new Set(r.skipped.map((s) => s.reason))].join(', ')})` : ''}`) })
          }
        >
          Remediate
        </Button>
      ) : null}
      {canTicket ? (
        <Button variant="secondary" aria-label={`Open ticket for ${name}`} disabled={tickets.isPending} onClick={() => tickets.mutate(selection, { onSuccess: (r) => setNote(`${r.tickets.length} ticket(s) opened`) })}>
          Open ticket
        </Button>
      ) : null}
      {note ? (
        <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
          {note}
        </span>
      ) : null}
      <ErrorText error={remediate.error ?? tickets.error} />
    </div>
  );
}
