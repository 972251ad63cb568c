'use client';

// Alert policies: who hears about which alerts, and where unacknowledged ones escalate.
import Link from 'next/link';
import { useState } from 'react';
import { useAllChannels, usePolicies, type Policy } from '@/hooks/use-alert-config';
import { useCan } from '@/hooks/use-me';
import { EmptyState, ErrorText, PageHeader, Pager } from '@/components/ui/controls';
import { EnabledBadge, OwnerFilter, useScopeName } from '@/components/alerts/alert-config-shared';
import { DataTable } from '@/components/ui/data-table';

export function describeMatch(p: Policy): string {
  const sev = p.severities.length ? p.severities.join(', ') : 'any severity';
  const rules = p.ruleIds.length ? `${p.ruleIds.length} rule(s)` : 'every rule and monitor';
  return `${sev} · ${rules}`;
}

export function PoliciesView() {
  const [orgId, setOrgId] = useState('');
  const canWrite = useCan('alerts:write');
  const scopeName = useScopeName();
  const [page, setPage] = useState(1);
  const policies = usePolicies({ page, orgId: orgId || undefined });
  const channels = useAllChannels();
  const channelNames = (ids: string[]) => (ids.length ? ids.map((id) => channels.data?.data.find((c) => c.id === id)?.name ?? 'channel').join(', ') : '—');
  const newLink = (
    <Link href="/alerts/policies/new" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
      New policy
    </Link>
  );

  return (
    <div className="space-y-4">
      <PageHeader title="Alert policies" description="Which alerts notify which channels and people, and where unacknowledged alerts escalate." actions={canWrite && newLink} />
      <div className="flex flex-wrap gap-2" role="search" aria-label="Filter policies">
        <OwnerFilter value={orgId} onChange={(v) => { setOrgId(v); setPage(1); }} />
      </div>
      <ErrorText error={policies.error} />
      {policies.data && policies.data.data.length === 0 && (
        <EmptyState title={orgId ? 'No policy of this organization' : 'No alert policies yet'} action={canWrite ? newLink : undefined}>
          {orgId && 'Partner-wide policies apply to it too: pick “Partner-wide and every organization” to see them. '}Alerts are raised but nobody is notified until a policy routes them. Create a notification channel first, then a policy that sends to it.
        </EmptyState>
      )}
      {policies.data && policies.data.data.length > 0 && (
        <DataTable label="Escalation policies" testId="policies" columns={['Name', 'Matches', 'Notifies', 'Escalation', 'Scope', 'State']}>
          {policies.data.data.map((p) => (
            <tr key={p.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link href={`/alerts/policies/${p.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {p.name}
                </Link>
              </td>
              <td className="px-4 py-2">{describeMatch(p)}</td>
              <td className="px-4 py-2">
                {channelNames(p.channelIds)}
                {p.userIds.length > 0 && <span className="text-slate-500"> + {p.userIds.length} user(s)</span>}
              </td>
              <td className="px-4 py-2">{p.escalateAfterMinutes === null ? <span className="text-slate-500">none</span> : `after ${p.escalateAfterMinutes} min → ${channelNames(p.escalationChannelIds)}`}</td>
              <td className="px-4 py-2 text-slate-500">{scopeName(p.orgId)}</td>
              <td className="px-4 py-2"><EnabledBadge enabled={p.enabled} /></td>
            </tr>
          ))}
        </DataTable>
      )}
      {policies.data && <Pager page={page} total={policies.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
