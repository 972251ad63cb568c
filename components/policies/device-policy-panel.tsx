'use client';

// The device page's Policies tab: the effective policy (merged settings and which policy supplied
// each) and the device's stored compliance per policy and check.
import Link from 'next/link';
import { useDeviceCompliance, useEffectivePolicy } from '@/hooks/use-policies';
import { Card, ErrorText } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';
import { ComplianceBadge } from '@/components/policies/compliance-badge';

const SETTING_LABELS: Record<string, string> = {
  heartbeatIntervalSeconds: 'Heartbeat interval (s)',
  inventoryIntervalMinutes: 'Inventory interval (min)',
  alertRuleIds: 'Alert rules',
  patchPolicyId: 'Patch policy',
  maintenanceWindowId: 'Maintenance window',
};
const CELL = 'px-4 py-2';

export function DevicePolicyPanel({ deviceId }: { deviceId: string }) {
  const effective = useEffectivePolicy(deviceId, true);
  const compliance = useDeviceCompliance(deviceId, true);
  const e = effective.data;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Effective policy">
        <ErrorText error={effective.error} />
        {e && e.policies.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No active policy applies to this device.</p>}
        {e && e.sources.length > 0 && (
          <DataTable label="Effective settings" columns={['Setting', 'Value', 'From']}>
            {e.sources.map((s) => (
              <tr key={s.key} className="border-t border-slate-100 dark:border-slate-800">
                <td className={CELL}>{SETTING_LABELS[s.key] ?? s.key}</td>
                <td className={CELL}>{Array.isArray(s.value) ? `${s.value.length}` : String(s.value)}</td>
                <td className={CELL}>
                  <Link href={`/policies/${s.policyId}`} className="text-brand-700 hover:underline dark:text-brand-100">
                    {s.policyName}
                  </Link>{' '}
                  <span className="text-xs text-slate-500">via {s.via}</span>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {e && e.policies.length > 0 && (
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            Applies, most specific first: {e.policies.map((p) => `${p.name} (${p.via})`).join(', ')}
          </p>
        )}
      </Card>
      <Card title="Policy compliance">
        <ErrorText error={compliance.error} />
        {compliance.data && (
          <div className="space-y-3" data-testid="device-policy-compliance">
            <p className="text-sm">
              Overall: <ComplianceBadge status={compliance.data.status} />
            </p>
            {compliance.data.policies.map((p) => (
              <div key={p.policyId} className="text-sm">
                <p>
                  <Link href={`/policies/${p.policyId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                    {p.policyName}
                  </Link>{' '}
                  <ComplianceBadge status={p.status} />
                </p>
                <ul className="ml-4 space-y-1">
                  {p.checks.map((c) => (
                    <li key={c.checkId} className="text-xs">
                      <ComplianceBadge status={c.status} /> {c.checkId}: {c.detail}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
