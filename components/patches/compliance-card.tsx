'use client';

// Patch compliance of the scope: the share of devices up to date as a doughnut, with the
// devices missing a critical patch and with failed installs beside it.
import { usePatchCompliance } from '@/hooks/use-patches';
import { ChartView } from '@/components/ui/chart';
import { Card, ErrorText } from '@/components/ui/controls';

export function ComplianceCard({ orgId }: { orgId?: string }) {
  const compliance = usePatchCompliance({ orgId });
  const s = compliance.data?.summary;
  const otherMissing = s ? Math.max(0, s.devices - s.upToDate - s.missingCritical) : 0;
  return (
    <Card title="Patch compliance">
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
