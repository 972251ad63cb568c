'use client';

// Capacity: per device, disk and memory use now, its daily trend and the days until full at that
// trend, soonest first.
import Link from 'next/link';
import { useState } from 'react';
import { useCapacity, type Capacity } from '@/hooks/use-analytics';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCurrentOrg } from '@/components/shell/current-org';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState, ErrorText, FilterBar, SelectField } from '@/components/ui/controls';
import { Sparkline } from '@/components/ui/sparkline';
import { AnalyticsPage } from '@/components/analytics/analytics-page';

const CELL = 'px-4 py-2';
type Trend = Capacity['rows'][number]['disk'];

function days(n: number | null): string {
  if (n === null) return 'Not filling';
  if (n === 0) return 'Full';
  return n < 1 ? 'Under a day' : `${Math.round(n)} days`;
}

function TrendCell({ trend, name, stroke }: { trend: Trend; name: string; stroke: string }) {
  return (
    <td className={CELL}>
      <div className="flex items-center gap-3">
        <span className="w-14 tabular-nums">{trend.current === null ? '—' : `${Math.round(trend.current)} %`}</span>
        <span className="w-28">
          <Sparkline values={trend.trend} stroke={stroke} />
        </span>
        <span className="sr-only">{name} trend: {trend.slopePerDay === null ? 'not enough data' : `${trend.slopePerDay} points a day`}</span>
      </div>
      <span className={`text-xs ${trend.daysUntilFull !== null && trend.daysUntilFull < 30 ? 'font-medium text-red-700 dark:text-red-300' : 'text-slate-500'}`}>{days(trend.daysUntilFull)}</span>
    </td>
  );
}

export function CapacityView() {
  const { orgId: currentOrg } = useCurrentOrg();
  const [range, setRange] = useState(30);
  const [org, setOrg] = useState('');
  const orgs = useAllOrganizations();
  const capacity = useCapacity({ days: range, orgId: org || currentOrg || undefined });
  const rows = capacity.data?.rows ?? [];
  return (
    <AnalyticsPage title="Capacity" description="Disk and memory use per device with a straight-line forecast of the days until full, from the daily averages of the heartbeat history.">
      <FilterBar label="Capacity filters">
        <SelectField label="History" value={String(range)} onChange={(e) => setRange(Number(e.target.value))}>
          <option value="7">7 days</option>
          <option value="30">30 days</option>
          <option value="90">90 days</option>
        </SelectField>
        <SelectField label="Organization" value={org} onChange={(e) => setOrg(e.target.value)}>
          <option value="">{currentOrg ? 'Current organization' : 'All'}</option>
          {(orgs.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      </FilterBar>
      <ErrorText error={capacity.error} />
      {capacity.data?.truncated && <p className="text-xs text-slate-500">Showing the {capacity.data.devicesConsidered} fullest devices; narrow to an organization to see the others.</p>}
      {capacity.data && rows.length === 0 ? (
        <EmptyState title="No devices with history">Devices appear here once their heartbeats have recorded disk and memory use.</EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Capacity forecast" columns={['Device', 'Organization', 'Disk', 'Memory', 'Full in']}>
            {rows.map((r) => (
              <tr key={r.deviceId} className="border-t border-slate-100 align-top dark:border-slate-800" data-testid="capacity-row">
                <td className={CELL}>
                  <Link href={`/devices/${r.deviceId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                    {r.hostname}
                  </Link>
                </td>
                <td className={CELL}>{r.orgName}</td>
                <TrendCell trend={r.disk} name="Disk" stroke="stroke-amber-600 dark:stroke-amber-300" />
                <TrendCell trend={r.memory} name="Memory" stroke="stroke-emerald-600 dark:stroke-emerald-300" />
                <td className={`${CELL} whitespace-nowrap font-medium`}>{days(r.daysUntilFull)}</td>
              </tr>
            ))}
          </DataTable>
        )
      )}
    </AnalyticsPage>
  );
}
