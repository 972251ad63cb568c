'use client';

// OS distribution: devices in scope by operating system (doughnut) and by version (table).
import { useState } from 'react';
import { useOsDistribution } from '@/hooks/use-analytics';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCurrentOrg } from '@/components/shell/current-org';
import { ChartView } from '@/components/ui/chart';
import { DataTable } from '@/components/ui/data-table';
import { Card, EmptyState, ErrorText, FilterBar, SelectField } from '@/components/ui/controls';
import { AnalyticsPage } from '@/components/analytics/analytics-page';

const OS_LABELS: Record<string, string> = { windows: 'Windows', macos: 'macOS', linux: 'Linux' };
const OS_COLORS: Record<string, string> = { windows: '#2f6fed', macos: '#64748b', linux: '#d97706' };
const osLabel = (t: string | null) => (t ? (OS_LABELS[t] ?? t) : 'Not reported');

export function OsDistributionView() {
  const { orgId: currentOrg } = useCurrentOrg();
  const [org, setOrg] = useState('');
  const orgs = useAllOrganizations();
  const dist = useOsDistribution({ orgId: org || currentOrg || undefined });
  const d = dist.data;
  return (
    <AnalyticsPage title="OS distribution" description="Active devices by operating system and version.">
      <FilterBar label="OS distribution filters">
        <SelectField label="Organization" value={org} onChange={(e) => setOrg(e.target.value)}>
          <option value="">{currentOrg ? 'Current organization' : 'All'}</option>
          {(orgs.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      </FilterBar>
      <ErrorText error={dist.error} />
      {d && d.total === 0 && <EmptyState title="No devices yet">Enroll devices to see their operating systems here.</EmptyState>}
      {d && d.total > 0 && (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card title={`${d.total} devices`}>
            <ChartView
              type="doughnut"
              label="Devices by operating system"
              labels={d.byType.map((t) => osLabel(t.osType))}
              series={[{ label: 'Devices', color: d.byType.map((t) => (t.osType ? OS_COLORS[t.osType] : '#cbd5e1')).join(','), data: d.byType.map((t) => t.count) }]}
            />
          </Card>
          <DataTable label="Devices by OS version" columns={['OS', 'Version', 'Devices']}>
            {d.byVersion.map((v, i) => (
              <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-4 py-2">{osLabel(v.osType)}</td>
                <td className="px-4 py-2">{v.osVersion ?? '—'}</td>
                <td className="px-4 py-2 tabular-nums">{v.count}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </AnalyticsPage>
  );
}
