'use client';

// Every in-app notification of the signed-in user (the bell shows the latest 20): filter to
// unread, mark read or unread, mark all read, delete, clear.
import Link from 'next/link';
import { useState } from 'react';
import { useNotificationActions, useNotificationPage } from '@/hooks/use-notifications';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorText, PageHeader, Pager } from '@/components/ui/controls';
import { ConfirmButton, messageOf, SeverityBadge } from '@/components/alerts/alert-config-shared';
import { BrowserPushCard } from '@/components/notifications/browser-push';

export function NotificationsView() {
  const [page, setPage] = useState(1);
  const [unread, setUnread] = useState(false);
  const list = useNotificationPage({ page, unread });
  const { markRead, markUnread, markAllRead, remove, clear } = useNotificationActions();
  const [notice, setNotice] = useState<string | null>(null);
  const rows = list.data?.data ?? [];
  const onError = (e: unknown) => setNotice(messageOf(e));

  return (
    <div className="space-y-4">
      <PageHeader
        title="Notifications"
        description="Alerts routed to you by alert policies."
        actions={
          <>
            <Button variant="secondary" disabled={markAllRead.isPending} onClick={() => markAllRead.mutate(undefined, { onSuccess: (r) => setNotice(`${r.updated} notification${r.updated === 1 ? '' : 's'} marked read.`), onError })}>
              Mark all read
            </Button>
            <ConfirmButton label="Clear all" title="Delete every notification?" confirmLabel="Delete all" busy={clear.isPending} onConfirm={() => clear.mutateAsync().then(() => setNotice('Notifications cleared.'), onError)}>
              Your notifications are deleted; the alerts themselves are kept.
            </ConfirmButton>
          </>
        }
      />
      <BrowserPushCard />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={unread} onChange={(e) => { setUnread(e.target.checked); setPage(1); }} />
        Unread only
      </label>
      {notice && (
        <p role="status" className="rounded-md bg-slate-100 p-2 text-sm dark:bg-slate-800">
          {notice}
        </p>
      )}
      <ErrorText error={list.error} />
      {list.data && rows.length === 0 && (
        <EmptyState title={unread ? 'Nothing unread' : 'No notifications'}>
          {unread ? 'You are up to date.' : <>Notifications arrive when an alert policy names you. Set one up under <Link className="text-brand-700 underline dark:text-brand-100" href="/alerts/policies">Alert policies</Link>.</>}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900" data-testid="notifications">
          {rows.map((n) => (
            <li key={n.id} className="flex flex-wrap items-start gap-3 px-4 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  {!n.read && <span className="h-2 w-2 rounded-full bg-brand-600" aria-label="Unread" />}
                  <span className={n.read ? '' : 'font-semibold'}>{n.link ? <Link href={n.link} className="hover:underline">{n.title}</Link> : n.title}</span>
                  {n.severity && <SeverityBadge severity={n.severity} />}
                  <span className="text-xs text-slate-500">{n.type}</span>
                </div>
                {n.body && <p className="mt-1 whitespace-pre-line text-slate-600 dark:text-slate-300">{n.body}</p>}
                <p className="mt-1 text-xs text-slate-500">{formatDate(n.createdAt)}</p>
              </div>
              <div className="flex gap-3 text-xs">
                {n.read ? (
                  <button type="button" className="text-brand-700 hover:underline dark:text-brand-100" onClick={() => markUnread.mutate(n.id, { onError })}>
                    Mark unread
                  </button>
                ) : (
                  <button type="button" className="text-brand-700 hover:underline dark:text-brand-100" onClick={() => markRead.mutate(n.id, { onError })}>
                    Mark read
                  </button>
                )}
                <button type="button" className="text-slate-500 hover:underline" onClick={() => remove.mutate(n.id, { onError })}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={25} onPage={setPage} />}
    </div>
  );
}
