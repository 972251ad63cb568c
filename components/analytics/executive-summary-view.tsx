'use client';

// Executive summary: fleet and service figures per organization over a range, with totals.
import { useMemo, useState } from 'react';
import { useExecutiveSummary, type ExecutiveSummary } from '@/hooks/use-analytics';
import { formatPercent } from '@/lib/client/format';
import { DataTable } from '@/components/ui/data-table';
import { Card, ErrorText, FilterBar, SelectField } from '@/components/ui/controls';
import { AnalyticsPage } from '@/components/analytics/analytics-page';

type Figures = ExecutiveSummary['totals'];
const DAY_MS = 86_400_000;
const CELL = 'px-4 py-2 tabular-nums';
const alertTotal = (f: Figures) => Object.values(f.alertsBySeverity).reduce((s, n) => s + n, 0);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export function ExecutiveSummaryView() {
  const [days, setDays] = useState(30);
  // The range is fixed when it is picked, so the query key stays the same between renders.
  const params = useMemo(() => ({ from: new Date(Math.floor(Date.now() / 60_000) * 60_000 - days * DAY_MS).toISOString() }), [days]);
  const summary = useExecutiveSummary(params);
  const s = summary.data;
  return (
    <AnalyticsPage title="Executive summary" description="Devices, availability, patch compliance, alerts and tickets per organization.">
      <FilterBar label="Summary range">
        <SelectField label="Range" value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
          <option value="7">Last 7 days</option>
          <option value="30">Last 30 days</option>
          <option value="90">Last 90 days</option>
        </SelectField>
      </FilterBar>
      <ErrorText error={summary.error} />
      {s && (
        <Card title="All organizations">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <Stat label="Devices" value={String(s.totals.devices)} />
            <Stat label="Online now" value={formatPercent(s.totals.onlinePercent)} />
            <Stat label="Availability" value={formatPercent(s.totals.availabilityPercent)} />
            <Stat label="Patch compliance" value={formatPercent(s.totals.patchCompliancePercent)} />
            <Stat label="Alerts" value={String(alertTotal(s.totals))} />
            <Stat label="Tickets opened / closed" value={`${s.totals.ticketsOpened} / ${s.totals.ticketsClosed}`} />
          </dl>
        </Card>
      )}
      {s && s.organizations.length > 0 && (
        <DataTable label="Per organization" columns={['Organization', 'Devices', 'Online', 'Availability', 'Patch compliance', 'Critical / high alerts', 'All alerts', 'Tickets opened', 'Tickets closed']}>
          {s.organizations.map((o) => (
            <tr key={o.orgId} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2 font-medium">{o.orgName}</td>
              <td className={CELL}>{o.devices}</td>
              <td className={CELL}>{formatPercent(o.onlinePercent)}</td>
              <td className={CELL}>{formatPercent(o.availabilityPercent)}</td>
              <td className={CELL}>{formatPercent(o.patchCompliancePercent)}</td>
              <td className={CELL}>
                {o.alertsBySeverity.critical} / {o.alertsBySeverity.high}
              </td>
              <td className={CELL}>{alertTotal(o)}</td>
              <td className={CELL}>{o.ticketsOpened}</td>
              <td className={CELL}>{o.ticketsClosed}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </AnalyticsPage>
  );
}
