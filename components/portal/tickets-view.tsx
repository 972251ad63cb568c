'use client';

import Link from 'next/link';
import { useState } from 'react';
import { usePortalTickets } from '@/hooks/use-portal';
import { inputBase, primaryButton, secondaryButton } from '@/components/portal/brand-style';
import { PRIORITY_LABEL, STATUS_LABEL, statusTone, when } from '@/components/portal/ticket-labels';

export function TicketsView() {
  const [filter, setFilter] = useState({ page: 1, status: 'open', mine: false, search: '' });
  const tickets = usePortalTickets(filter);
  const total = tickets.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / 25));

  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Tickets</h1>
        <Link href="/portal/tickets/new" className={primaryButton}>
          New ticket
        </Link>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <select aria-label="Status" className={`${inputBase} w-auto`} value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value, page: 1 })}>
          <option value="open">Open</option>
          <option value="closed">Resolved and closed</option>
          <option value="all">All</option>
        </select>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={filter.mine} onChange={(e) => setFilter({ ...filter, mine: e.target.checked, page: 1 })} />
          Only mine
        </label>
        <input type="search" aria-label="Search tickets" placeholder="Search subject or #number" className={`${inputBase} w-64`} value={filter.search} onChange={(e) => setFilter({ ...filter, search: e.target.value, page: 1 })} />
      </div>
      {tickets.isError && <p role="alert" className="text-sm text-red-600">Could not load tickets.</p>}
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th className="px-4 py-2">#</th>
              <th className="px-4 py-2">Subject</th>
              <th className="px-4 py-2">Status</th>
              <th className="hidden px-4 py-2 sm:table-cell">Urgency</th>
              <th className="hidden px-4 py-2 md:table-cell">Requester</th>
              <th className="hidden px-4 py-2 md:table-cell">Updated</th>
            </tr>
          </thead>
          <tbody>
            {tickets.data?.data.map((t) => (
              <tr key={t.id} className="border-t border-slate-100 hover:bg-slate-50">
                <td className="px-4 py-2 text-slate-500">{t.number}</td>
                <td className="px-4 py-2">
                  <Link href={`/portal/tickets/${t.id}`} className="font-medium text-[var(--portal-accent)] hover:underline">
                    {t.subject}
                  </Link>
                </td>
                <td className="px-4 py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone(t.status)}`}>{STATUS_LABEL[t.status]}</span>
                </td>
                <td className="hidden px-4 py-2 sm:table-cell">{PRIORITY_LABEL[t.priority]}</td>
                <td className="hidden px-4 py-2 md:table-cell">{t.mine ? 'You' : (t.requesterName ?? t.requesterEmail ?? '—')}</td>
                <td className="hidden px-4 py-2 text-slate-500 md:table-cell">{when(t.updatedAt)}</td>
              </tr>
            ))}
            {tickets.data && tickets.data.data.length === 0 && (
              <tr>
                <td colSpan={6} className="px-4 py-8 text-center text-slate-500">
                  No tickets here.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="flex items-center gap-3 text-sm">
          <button type="button" className={secondaryButton} disabled={filter.page <= 1} onClick={() => setFilter({ ...filter, page: filter.page - 1 })}>
            Previous
          </button>
          <span>
            Page {filter.page} of {pages}
          </span>
          <button type="button" className={secondaryButton} disabled={filter.page >= pages} onClick={() => setFilter({ ...filter, page: filter.page + 1 })}>
            Next
          </button>
        </div>
      )}
    </section>
  );
}
