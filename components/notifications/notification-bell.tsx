'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useNotificationActions, useNotifications, useUnreadCount } from '@/hooks/use-notifications';

const SEVERITY_DOT: Record<string, string> = { critical: 'bg-red-600', high: 'bg-orange-500', medium: 'bg-yellow-500', low: 'bg-blue-500', info: 'bg-slate-400' };

/** The header bell: unread badge, and a panel of the latest notifications from alert policies. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const list = useNotifications(open);
  const { markRead, remove, clear } = useNotificationActions();
  const count = unread.data?.count ?? 0;

  return (
    <div className="relative">
      <button
        type="button"
        aria-label={count ? `Notifications (${count} unread)` : 'Notifications'}
        aria-expanded={open}
        data-testid="notification-bell"
        onClick={() => setOpen((v) => !v)}
        className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.8}>
          <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2c0 .5-.2 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0" />
        </svg>
        {count > 0 && (
          <span data-testid="notification-count" className="absolute -right-0.5 -top-0.5 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[0.65rem] font-semibold leading-[1.1rem] text-white">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div role="dialog" aria-label="Notifications" className="absolute right-0 z-20 mt-2 w-80 rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2 text-sm font-medium dark:border-slate-700">
            <span>Notifications</span>
            <button type="button" className="text-xs text-slate-500 hover:underline" onClick={() => clear.mutate()} disabled={!list.data?.data.length}>
              Clear all
            </button>
          </div>
          <ul className="max-h-96 overflow-y-auto">
            {list.isLoading && <li className="px-3 py-4 text-sm text-slate-500">Loading…</li>}
            {list.data?.data.length === 0 && <li className="px-3 py-4 text-sm text-slate-500">Nothing new.</li>}
            {list.data?.data.map((n) => (
              <li key={n.id} className={`flex gap-2 border-b border-slate-100 px-3 py-2 text-sm last:border-0 dark:border-slate-800 ${n.read ? 'opacity-70' : ''}`}>
                <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${SEVERITY_DOT[n.severity ?? 'info'] ?? 'bg-slate-400'}`} />
                <div className="min-w-0 flex-1">
                  <div className={`truncate ${n.read ? '' : 'font-medium'}`}>{n.title}</div>
                  <div className="text-xs text-slate-500">{new Date(n.createdAt).toLocaleString()}</div>
                  <div className="mt-1 flex gap-3 text-xs">
                    {!n.read && (
                      <button type="button" className="text-brand-700 hover:underline dark:text-brand-300" onClick={() => markRead.mutate(n.id)}>
                        Mark read
                      </button>
                    )}
                    <button type="button" className="text-slate-500 hover:underline" onClick={() => remove.mutate(n.id)}>
                      Delete
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="border-t border-slate-200 px-3 py-2 text-right text-xs dark:border-slate-700">
            <Link href="/notifications" className="text-brand-700 hover:underline dark:text-brand-300" onClick={() => setOpen(false)}>
              View all notifications
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
