'use client';

// Alert rules: filter by kind and state, enable/disable in place, open one to edit or test.
import Link from 'next/link';
import { useState } from 'react';
import { useAlertRules, useSaveAlertRule, type AlertRule } from '@/hooks/use-alert-config';
import { useCan } from '@/hooks/use-me';
import { EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager } from '@/components/ui/controls';
import { describeCondition } from '@/components/alerts/condition-fields';
import { EnabledBadge, messageOf, OwnerFilter, SeverityBadge, useScopeName } from '@/components/alerts/alert-config-shared';
import { DataTable } from '@/components/ui/data-table';

function ToggleRule({ rule, onError }: { rule: AlertRule; onError: (m: string) => void }) {
  const save = useSaveAlertRule(rule.id);
  return (
    <button
      type="button"
      className="text-xs text-brand-700 hover:underline disabled:opacity-50 dark:text-brand-100"
      disabled={save.isPending}
      onClick={() => save.mutate({ enabled: !rule.enabled }, { onError: (e) => onError(messageOf(e)) })}
      aria-label={`${rule.enabled ? 'Disable' : 'Enable'} ${rule.name}`}
    >
      {rule.enabled ? 'Disable' : 'Enable'}
    </button>
  );
}

export function RulesView() {
  const [orgId, setOrgId] = useState('');
  const canWrite = useCan('alerts:write');
  const scopeName = useScopeName();
  const [page, setPage] = useState(1);
  const [enabled, setEnabled] = useState('');
  const [conditionType, setConditionType] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rules = useAlertRules({ page, orgId: orgId || undefined, enabled: enabled || undefined, conditionType: conditionType || undefined });
  const filtered = Boolean(enabled || conditionType || orgId);
  const newLink = (
    <Link href="/alerts/rules/new" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
      New rule
    </Link>
  );

  return (
    <div className="space-y-4">
      <PageHeader title="Alert rules" description="Conditions on device heartbeats and command results that raise alerts." actions={canWrite && newLink} />
      <div className="flex flex-wrap gap-2" role="search" aria-label="Filter rules">
        <OwnerFilter value={orgId} onChange={(v) => { setOrgId(v); setPage(1); }} />
        <select aria-label="Kind" value={conditionType} onChange={(e) => { setConditionType(e.target.value); setPage(1); }} className={`${INPUT_CLASS} sm:w-auto`}>
          <option value="">Any kind</option>
          <option value="metric">Metric threshold</option>
          <option value="offline">Offline</option>
          <option value="script_failed">Failed command</option>
        </select>
        <select aria-label="State" value={enabled} onChange={(e) => { setEnabled(e.target.value); setPage(1); }} className={`${INPUT_CLASS} sm:w-auto`}>
          <option value="">Enabled and disabled</option>
          <option value="true">Enabled</option>
          <option value="false">Disabled</option>
        </select>
      </div>
      <ErrorText error={rules.error} />
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      {rules.data && rules.data.data.length === 0 && (
        <EmptyState
          title={filtered ? 'No rule matches these filters' : 'No alert rules yet'}
          action={!filtered && canWrite ? newLink : undefined}
        >
          {filtered ? 'Clear the filters to see every rule.' : 'Create a rule, or start from a built-in template under Templates, to be alerted about high CPU, full disks or offline devices.'}
        </EmptyState>
      )}
      {rules.data && rules.data.data.length > 0 && (
        <DataTable label="Alert rules" testId="rules" columns={['Name', 'Condition', 'Severity', 'Scope', 'Open alerts', 'State', { label: 'Actions', hidden: true }]}>
          {rules.data.data.map((r) => (
            <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link href={`/alerts/rules/${r.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {r.name}
                </Link>
              </td>
              <td className="px-4 py-2">{describeCondition(r.condition)}</td>
              <td className="px-4 py-2"><SeverityBadge severity={r.severity} /></td>
              <td className="px-4 py-2 text-slate-500">{scopeName(r.orgId)}</td>
              <td className="px-4 py-2">{r.openAlerts ?? 0}</td>
              <td className="px-4 py-2"><EnabledBadge enabled={r.enabled} /></td>
              {canWrite && (
                <td className="px-4 py-2 text-right">
                  <ToggleRule rule={r} onError={setError} />
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      {rules.data && <Pager page={page} total={rules.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
