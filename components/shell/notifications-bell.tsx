'use client';

// The bell: open tickets assigned to the signed-in person, as an unread-style count that links to
// them. (Alert notifications join once the alerts domain is deployed.)
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import { useCan } from '@/hooks/use-me';

export function NotificationsBell() {
  const canTickets = useCan('tickets:read');
  const signedIn = useSignedIn();
  const mine = useQuery({
    queryKey: ['tickets', 'mine-open'],
    queryFn: () => api<Page<unknown>>('/tickets', { query: { assigneeId: 'me', status: 'new,open', limit: 1 } }),
    enabled: signedIn && canTickets,
    refetchInterval: 60_000,
  });
  if (!canTickets) return null;
  const n = mine.data?.pagination.total ?? 0;
  return (
    <Link href="/tickets?assigned=me" className="relative flex items-center rounded-md px-2 py-1.5 text-sm text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800" aria-label={`Notifications: ${n} open tickets assigned to you`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {n > 0 && (
        <span className="absolute -top-1 -right-1 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold text-white" data-testid="notification-count">
          {n > 99 ? '99+' : n}
        </span>
      )}
    </Link>
  );
}
