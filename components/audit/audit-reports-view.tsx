'use client';

// The audit log's statistics and its three reports (user activity, security events,
// compliance) over one period and, optionally, one organization; both are in the URL.
import Link from 'next/link';
import { useMemo } from 'react';
import { useAuditStats, useComplianceReport, useSecurityEventsReport, useUserActivityReport } from '@/hooks/use-audit-logs';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { ChartView } from '@/components/ui/chart';
import { DataTable } from '@/components/ui/data-table';
import { Badge, Card, ErrorText, FilterBar, INLINE_INPUT_CLASS, PageHeader, StatusBadge } from '@/components/ui/controls';

const FILTER_DEFAULTS = { days: '30', org: '' };
const PERIODS = ['7', '30', '90', '365'];
const CELL = 'px-4 py-2';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

function Ranked({ rows, label }: { rows: { key: string | null; count: number }[]; label: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">None in this period.</p>;
  return (
    <ol className="space-y-1 text-sm" aria-label={label}>
      {rows.map((r) => (
        <li key={r.key ?? '—'} className="flex justify-between gap-4">
          <span className="truncate font-mono text-xs">{r.key ?? '—'}</span>
          <span className="tabular-nums">{r.count}</span>
        </li>
      ))}
    </ol>
  );
}

export function AuditReportsView() {
  const [f, setF] = useUrlFilters(FILTER_DEFAULTS);
  const orgs = useAllOrganizations();
  const days = PERIODS.includes(f.days) ? Number(f.days) : 30;
  // The period ends now (to the minute, so the queries share one key while the page is open).
  const period = useMemo(() => {
    const to = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
    return { from: new Date(to.getTime() - days * 86_400_000).toISOString(), to: to.toISOString(), orgId: f.org || undefined };
  }, [days, f.org]);
  const stats = useAuditStats(period);
  const activity = useUserActivityReport(period);
  const security = useSecurityEventsReport(period);
  const compliance = useComplianceReport(period);
  const s = stats.data;
  const c = compliance.data;

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Audit reports"
        description="Activity, security events and the trail’s completeness over a period."
        actions={
          <Link href="/audit" className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
            Back to the audit log
          </Link>
        }
      />
      <FilterBar label="Report period">
        <select aria-label="Period" value={String(days)} onChange={(e) => setF({ days: e.target.value })} className={INLINE_INPUT_CLASS}>
          {PERIODS.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
        </select>
        <select aria-label="Organization" value={f.org} onChange={(e) => setF({ org: e.target.value })} className={INLINE_INPUT_CLASS}>
          <option value="">All organizations</option>
          {orgs.data?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </FilterBar>

      <Card title="Statistics">
        <ErrorText error={stats.error} />
        {s && (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="audit-stats">
              <Figure label="Entries" value={s.total.toLocaleString()} />
              <Figure label="Succeeded" value={s.byResult.success.toLocaleString()} />
              <Figure label="Denied" value={s.byResult.denied.toLocaleString()} />
              <Figure label="Failed" value={s.byResult.failure.toLocaleString()} />
            </dl>
            <ChartView
              type="bar"
              stacked
              label="Audit entries per day"
              labels={s.perDay.map((d) => d.day)}
              series={[
                { label: 'Succeeded', data: s.perDay.map((d) => d.success), color: '#10b981' },
                { label: 'Denied', data: s.perDay.map((d) => d.denied), color: '#f59e0b' },
                { label: 'Failed', data: s.perDay.map((d) => d.failure), color: '#ef4444' },
              ]}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <h3 className="mb-1 text-sm font-semibold">Top actions</h3>
                <Ranked rows={s.topActions} label="Top actions" />
              </div>
              <div>
                <h3 className="mb-1 text-sm font-semibold">By target type</h3>
                <Ranked rows={s.byTargetType} label="By target type" />
              </div>
            </div>
          </div>
        )}
      </Card>

      <Card title="User activity">
        <ErrorText error={activity.error} />
        {activity.data && (
          <DataTable label="User activity" testId="audit-user-activity" columns={['Actor', 'Entries', 'Denied / failed', 'Actions', 'Addresses', 'Last activity', 'Most frequent']}>
            {activity.data.data.map((a) => (
              <tr key={`${a.actorType}:${a.actorId ?? a.actorEmail}`} className="border-t border-slate-100 dark:border-slate-800">
                <td className={CELL}>
                  {/* A system actor has neither email nor id: nothing to filter the log by. */}
                  {a.actorEmail || a.actorId ? (
                    <Link className="text-brand-700 underline dark:text-brand-300" href={`/audit?actor=${encodeURIComponent((a.actorEmail || a.actorId)!)}`}>
                      {a.actorEmail || a.actorId}
                    </Link>
                  ) : (
                    <span>{a.actorType}</span>
                  )}
                  <span className="block text-xs text-slate-500">{a.actorType}</span>
                </td>
                <td className={`${CELL} tabular-nums`}>{a.total}</td>
                <td className={`${CELL} tabular-nums`}>
                  {a.denied} / {a.failure}
                </td>
                <td className={`${CELL} tabular-nums`}>{a.distinctActions}</td>
                <td className={`${CELL} tabular-nums`}>{a.distinctIps}</td>
                <td className={CELL}>{new Date(a.lastAt).toLocaleString()}</td>
                <td className={`${CELL} font-mono text-xs`}>{a.topActions.map((t) => t.key).join(', ')}</td>
              </tr>
            ))}
          </DataTable>
        )}
        {activity.data && <p className="mt-2 text-xs text-slate-500">{activity.data.totalActors} actor{activity.data.totalActors === 1 ? '' : 's'} in this period; the 20 most active are listed.</p>}
      </Card>

      <Card title="Security events">
        <ErrorText error={security.error} />
        {security.data && (
          <div className="space-y-4">
            <div className="flex flex-wrap gap-2" data-testid="audit-security-categories">
              {security.data.byCategory.length === 0 && <span className="text-sm text-slate-500">No security events in this period.</span>}
              {security.data.byCategory.map((cat) => (
                <Badge key={cat.category} tone={cat.category === 'denied_or_failed' ? 'red' : 'slate'}>
                  {cat.category.replace(/_/g, ' ')}: {cat.count}
                </Badge>
              ))}
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <dl>
                <Figure label="Failed sign-ins" value={security.data.failedSignIns.count} />
              </dl>
              <div>
                <h3 className="mb-1 text-sm font-semibold">From addresses</h3>
                <Ranked rows={security.data.failedSignIns.topAddresses} label="Failed sign-ins by address" />
              </div>
              <div>
                <h3 className="mb-1 text-sm font-semibold">For accounts</h3>
                <Ranked rows={security.data.failedSignIns.topAccounts} label="Failed sign-ins by account" />
              </div>
            </div>
            {security.data.recent.length > 0 && (
              <DataTable label="Recent security events" columns={['Time', 'Actor', 'Action', 'Result']}>
                {security.data.recent.slice(0, 10).map((e) => (
                  <tr key={e.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className={CELL}>
                      <Link className="text-brand-700 underline dark:text-brand-300" href={`/audit?open=${e.id}`}>
                        {new Date(e.createdAt).toLocaleString()}
                      </Link>
                    </td>
                    <td className={CELL}>{e.actorEmail ?? e.actorType}</td>
                    <td className={`${CELL} font-mono text-xs`}>{e.action}</td>
                    <td className={CELL}>
                      <StatusBadge status={e.result} />
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </div>
        )}
      </Card>

      <Card title="Compliance">
        <ErrorText error={compliance.error} />
        {c && (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="audit-compliance">
            <Figure label="Days with entries" value={`${c.daysWithEntries} / ${c.daysInPeriod}`} />
            <Figure label="Privileged changes" value={c.privilegedChanges} />
            <Figure label="Audit log exports" value={c.auditExports} />
            <Figure label="Distinct actors" value={c.distinctActors} />
            <Figure label="Oldest entry" value={c.oldestEntryAt ? new Date(c.oldestEntryAt).toLocaleDateString() : '—'} />
            <Figure label="Minimum retention" value={`${c.integrity.minimumRetentionDays} days`} />
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-400">Tamper protection</dt>
              <dd className="mt-1">{c.integrity.appendOnly ? <Badge tone="green">append-only enforced</Badge> : <Badge tone="red">not enforced</Badge>}</dd>
            </div>
          </dl>
        )}
      </Card>
    </div>
  );
}
