'use client';

// Patch compliance of the scope: the share of devices up to date as a doughnut, with the
// devices missing a critical patch and with failed installs beside it, and the organization's
// compliance report to download as CSV or PDF.
import { useState } from 'react';
import { downloadComplianceReport, useComplianceReports, usePatchCompliance } from '@/hooks/use-patches';
import { useCan } from '@/hooks/use-me';
import { ChartView } from '@/components/ui/chart';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, INLINE_INPUT_CLASS } from '@/components/ui/controls';

export function ComplianceCard({ orgId }: { orgId?: string }) {
  const compliance = usePatchCompliance({ orgId });
  const s = compliance.data?.summary;
  const otherMissing = s ? Math.max(0, s.devices - s.upToDate - s.missingCritical) : 0;
  return (
    <Card title="Patch compliance" actions={<ReportDownload orgId={orgId} />}>
      <ErrorText error={compliance.error} />
      {s && (
        <div className="grid gap-4 sm:grid-cols-[220px_1fr]">
          <ChartView
            type="doughnut"
            label="Devices by patch state"
            height={180}
            labels={['Up to date', 'Missing critical or important', 'Missing other patches']}
            series={[{ label: 'Devices', data: [s.upToDate, s.missingCritical, otherMissing], color: '#10b981,#ef4444,#f59e0b' }]}
          />
          <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="patch-compliance">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Compliant</dt>
              <dd className="text-2xl font-semibold">{s.compliancePercent}%</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Devices up to date</dt>
              <dd className="text-2xl font-semibold">
                {s.upToDate} / {s.devices}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Missing critical</dt>
              <dd className="text-2xl font-semibold">{s.missingCritical}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Failed installs</dt>
              <dd className="text-2xl font-semibold">{s.failed}</dd>
            </div>
          </dl>
        </div>
      )}
    </Card>
  );
}

/**
 * The compliance report is per organization: with an organization chosen in the shell it is that
 * one's; otherwise a picker lists the organizations in scope.
 */
function ReportDownload({ orgId }: { orgId?: string }) {
  const canRead = useCan('patches:read');
  const reports = useComplianceReports(canRead && !orgId);
  const [picked, setPicked] = useState('');
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const list = reports.data?.data ?? [];
  const target = orgId ?? (picked || list[0]?.orgId);
  if (!canRead) return null;

  async function download(format: 'csv' | 'pdf') {
    if (!target) return;
    setError(null);
    setBusy(format);
    try {
      await downloadComplianceReport(target, format);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {!orgId && list.length > 1 && (
        <select aria-label="Organization of the report" className={INLINE_INPUT_CLASS} value={target ?? ''} onChange={(e) => setPicked(e.target.value)}>
          {list.map((r) => (
            <option key={r.orgId} value={r.orgId}>
              {r.name}
            </option>
          ))}
        </select>
      )}
      <Button variant="secondary" disabled={!target || busy !== null} onClick={() => download('csv')}>
        {busy === 'csv' ? 'Preparing…' : 'Report CSV'}
      </Button>
      <Button variant="secondary" disabled={!target || busy !== null} onClick={() => download('pdf')}>
        {busy === 'pdf' ? 'Preparing…' : 'Report PDF'}
      </Button>
      <ErrorText error={error} />
    </div>
  );
}
