'use client';

// The dead-letter queue: deliveries whose retries ran out. Re-driving one queues a fresh delivery
// of the same event and payload; the failed record stays for the history.
import Link from 'next/link';
import { useState } from 'react';
import { useDeadLetters, useRedriveDeadLetter, useRedriveDeadLetters, type RedriveResult } from '@/hooks/use-webhooks';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan, useMe } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorText, PageHeader, Pager } from '@/components/ui/controls';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { DataTable } from '@/components/ui/data-table';

type State = 'open' | 'redriven' | 'all';

export function DeadLettersView() {
  const me = useMe();
  const orgs = useAllOrganizations();
  const [orgId, setOrgId] = useState('');
  const [state, setState] = useState<State>('open');
  const [page, setPage] = useState(1);
  const letters = useDeadLetters({ orgId: orgId || undefined, state, page });
  const canManage = useCan('webhooks:manage');
  const redriveOne = useRedriveDeadLetter();
  const redriveMany = useRedriveDeadLetters();
  const [selected, setSelected] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const rows = letters.data?.data ?? [];
  const open = rows.filter((r) => !r.redrivenAt);
  const allSelected = open.length > 0 && open.every((r) => selected.includes(r.id));
  const busy = redriveOne.isPending || redriveMany.isPending;

  async function run(action: () => Promise<RedriveResult>) {
    setNotice(null);
    try {
      const result = await action();
      setNotice({ ok: true, text: `${result.message}: ${result.deliveries.length} new deliver${result.deliveries.length === 1 ? 'y' : 'ies'} queued` });
      setSelected([]);
    } catch (err) {
      setNotice({ ok: false, text: messageOf(err, 'Could not re-drive') });
    }
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title="Dead letters"
        description="Webhook deliveries that failed every retry. Fix the receiving end, then re-drive them: each becomes a new delivery of the same event."
        actions={
          canManage && (
            <Button disabled={busy || selected.length === 0} onClick={() => void run(() => redriveMany.mutateAsync({ ids: selected }))}>
              Re-drive selected ({selected.length})
            </Button>
          )
        }
      />
      <div className="flex flex-wrap items-end gap-2" role="search" aria-label="Filter dead letters">
        {me.data?.scope !== 'organization' && (
          <select aria-label="Organization" value={orgId} onChange={(e) => { setOrgId(e.target.value); setPage(1); setSelected([]); }} className={`${INLINE_INPUT_CLASS} w-auto`}>
            <option value="">All organizations</option>
            {orgs.data?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        )}
        <select aria-label="State" value={state} onChange={(e) => { setState(e.target.value as State); setPage(1); setSelected([]); }} className={`${INLINE_INPUT_CLASS} w-auto`}>
          <option value="open">Open</option>
          <option value="redriven">Re-driven</option>
          <option value="all">All</option>
        </select>
        <Link href="/webhooks" className="ml-auto self-center text-sm text-brand-700 underline dark:text-brand-100">
          Back to webhooks
        </Link>
      </div>
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={`rounded-md px-3 py-2 text-sm ${notice.ok ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300'}`}>
          {notice.text}
        </p>
      )}
      <ErrorText error={letters.error} />
      {letters.data && rows.length === 0 && (
        <EmptyState title={state === 'open' ? 'No dead letters' : 'Nothing here'} action={<Link className="text-brand-700 underline dark:text-brand-100" href="/webhooks">Open webhooks</Link>}>
          {state === 'open'
            ? 'Every delivery either succeeded or is still being retried. A delivery lands here once its retries run out; check a webhook’s delivery history to see attempts in progress.'
            : 'Change the state filter to see other dead letters.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <DataTable label="Dead letters" testId="dead-letters"
          head={
            <>
              {canManage && (
              <th className="w-10 px-4 py-2">
              <input type="checkbox" aria-label="Select all open dead letters" checked={allSelected} disabled={open.length === 0} onChange={() => setSelected(allSelected ? [] : open.map((r) => r.id))} />
              </th>
              )}
              <th className="px-4 py-2 font-medium">Webhook</th>
              <th className="px-4 py-2 font-medium">Event</th>
              <th className="px-4 py-2 font-medium">Last error</th>
              <th className="px-4 py-2 font-medium">Attempts</th>
              <th className="px-4 py-2 font-medium">Dead since</th>
              <th className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
              </th>
            </>
          }
        >
          {rows.map((d) => (
            <tr key={d.id} className="border-t border-slate-100 dark:border-slate-800">
              {canManage && (
                <td className="px-4 py-2">
                  {!d.redrivenAt && (
                    <input
                      type="checkbox"
                      aria-label={`Select ${d.event} to ${d.webhookName ?? 'webhook'}`}
                      checked={selected.includes(d.id)}
                      onChange={() => setSelected((s) => (s.includes(d.id) ? s.filter((x) => x !== d.id) : [...s, d.id]))}
                    />
                  )}
                </td>
              )}
              <td className="px-4 py-2">
                <Link href={`/webhooks/${d.webhookId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {d.webhookName ?? d.webhookId.slice(0, 8)}
                </Link>
              </td>
              <td className="px-4 py-2 font-mono text-xs">{d.event}</td>
              <td className="max-w-xs truncate px-4 py-2 text-red-700 dark:text-red-300" title={d.lastError ?? undefined}>
                {d.lastResponseStatus ? `HTTP ${d.lastResponseStatus}` : ''}
                {d.lastResponseStatus && d.lastError && d.lastError !== `HTTP ${d.lastResponseStatus}` ? ' · ' : ''}
                {d.lastError && d.lastError !== `HTTP ${d.lastResponseStatus}` ? d.lastError : ''}
                {!d.lastError && !d.lastResponseStatus && '—'}
              </td>
              <td className="px-4 py-2 text-slate-500">{d.attempts}</td>
              <td className="px-4 py-2 text-slate-500">
                <time dateTime={d.createdAt} title={new Date(d.createdAt).toLocaleString()}>{formatRelative(d.createdAt)}</time>
              </td>
              <td className="px-4 py-2 text-right">
                {d.redrivenAt ? (
                  <span className="text-xs text-slate-500">Re-driven {formatRelative(d.redrivenAt)}</span>
                ) : (
                  canManage && (
                    <Button variant="secondary" disabled={busy} onClick={() => void run(() => redriveOne.mutateAsync(d.id))} aria-label={`Re-drive ${d.event} to ${d.webhookName ?? 'webhook'}`}>
                      Re-drive
                    </Button>
                  )
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {letters.data && <Pager page={page} total={letters.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
