'use client';

// Notification channels: where policies send alerts (email, chat, webhook, paging, SMS).
import Link from 'next/link';
import { useState } from 'react';
import { CHANNEL_KIND_LABELS, CHANNEL_KINDS, useChannels, type Channel } from '@/hooks/use-alert-config';
import { useCan } from '@/hooks/use-me';
import { formatRelative } from '@/lib/client/format';
import { Badge, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager } from '@/components/ui/controls';
import { EnabledBadge, OwnerFilter, useScopeName } from '@/components/alerts/alert-config-shared';
import { DataTable } from '@/components/ui/data-table';

/** Where a channel sends, from the masked configuration the API shows. */
export function channelTarget(c: Channel): string {
  const v = c.config;
  switch (c.kind) {
    case 'email':
      return ((v.recipients as string[]) ?? []).join(', ');
    case 'slack':
    case 'teams':
      return String(v.webhookUrl ?? '');
    case 'webhook':
      return String(v.url ?? '');
    case 'pagerduty':
      return `routing key ${String(v.routingKey ?? '')}`;
    case 'sms':
      return ((v.toNumbers as string[]) ?? []).join(', ');
  }
}

export function LastTest({ c }: { c: Channel }) {
  if (!c.lastTestAt) return <span className="text-slate-500">never tested</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <Badge tone={c.lastTestOk ? 'green' : 'red'}>{c.lastTestOk ? 'test ok' : 'test failed'}</Badge>
      <span className="text-slate-500">{formatRelative(c.lastTestAt)}</span>
    </span>
  );
}

export function ChannelsView() {
  const [orgId, setOrgId] = useState('');
  const canWrite = useCan('alerts:write');
  const scopeName = useScopeName();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState('');
  const channels = useChannels({ page, orgId: orgId || undefined, kind: kind || undefined });
  const newLink = (
    <Link href="/alerts/channels/new" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
      New channel
    </Link>
  );

  return (
    <div className="space-y-4">
      <PageHeader title="Notification channels" description="Where policies send alerts. Secrets are write-only." actions={canWrite && newLink} />
      <div className="flex flex-wrap gap-2" role="search" aria-label="Filter channels">
        <OwnerFilter value={orgId} onChange={(v) => { setOrgId(v); setPage(1); }} />
        <select aria-label="Kind" value={kind} onChange={(e) => { setKind(e.target.value); setPage(1); }} className={`${INPUT_CLASS} sm:w-auto`}>
          <option value="">Any kind</option>
          {CHANNEL_KINDS.map((k) => (
            <option key={k} value={k}>
              {CHANNEL_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <ErrorText error={channels.error} />
      {channels.data && channels.data.data.length === 0 && (
        <EmptyState title={kind || orgId ? 'No channel matches these filters' : 'No notification channels yet'} action={!kind && !orgId && canWrite ? newLink : undefined}>
          {kind || orgId ? 'Clear the filters to see every channel, or create one.' : 'Add an email list, a chat webhook, PagerDuty or SMS, then send it a test. Policies use channels to notify people of alerts.'}
        </EmptyState>
      )}
      {channels.data && channels.data.data.length > 0 && (
        <DataTable label="Notification channels" testId="channels" columns={['Name', 'Kind', 'Sends to', 'Scope', 'State', 'Last test']}>
          {channels.data.data.map((c) => (
            <tr key={c.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link href={`/alerts/channels/${c.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {c.name}
                </Link>
              </td>
              <td className="px-4 py-2">{CHANNEL_KIND_LABELS[c.kind]}</td>
              <td className="max-w-xs truncate px-4 py-2 font-mono text-xs">{channelTarget(c)}</td>
              <td className="px-4 py-2 text-slate-500">{scopeName(c.orgId)}</td>
              <td className="px-4 py-2"><EnabledBadge enabled={c.enabled} /></td>
              <td className="px-4 py-2"><LastTest c={c} /></td>
            </tr>
          ))}
        </DataTable>
      )}
      {channels.data && <Pager page={page} total={channels.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
