'use client';

import { useState } from 'react';
import { usePortalDevices } from '@/hooks/use-portal';
import { inputBase } from '@/components/portal/brand-style';
import { when } from '@/components/portal/ticket-labels';

const STATUS: Record<string, { label: string; tone: string }> = {
  online: { label: 'Online', tone: 'bg-emerald-100 text-emerald-800' },
  offline: { label: 'Offline', tone: 'bg-red-100 text-red-800' },
  pending: { label: 'Not yet enrolled', tone: 'bg-amber-100 text-amber-800' },
  unknown: { label: 'Not monitored', tone: 'bg-slate-200 text-slate-700' },
};

export function DevicesView() {
  const [search, setSearch] = useState('');
  const devices = usePortalDevices(search);
  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">My devices</h1>
        <input type="search" aria-label="Search devices" placeholder="Search name or asset tag" className={`${inputBase} w-64`} value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {devices.isError && <p role="alert" className="text-sm text-red-600">Could not load devices.</p>}
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr>
              <th className="px-4 py-2">Device</th>
              <th className="px-4 py-2">Status</th>
              <th className="px-4 py-2">Last seen</th>
              <th className="hidden px-4 py-2 md:table-cell">Model / OS</th>
              <th className="hidden px-4 py-2 md:table-cell">Site</th>
            </tr>
          </thead>
          <tbody>
            {devices.data?.data.map((d) => (
              <tr key={d.id} className="border-t border-slate-100" data-testid="device-row">
                <td className="px-4 py-2 font-medium">
                  {d.name}
                  {d.assetTag && <span className="ml-2 text-xs text-slate-500">{d.assetTag}</span>}
                </td>
                <td className="px-4 py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS[d.status].tone}`}>{STATUS[d.status].label}</span>
                </td>
                <td className="px-4 py-2 text-slate-500">{d.lastSeenAt ? when(d.lastSeenAt) : '—'}</td>
                <td className="hidden px-4 py-2 md:table-cell">{[d.model, d.os].filter(Boolean).join(' · ') || '—'}</td>
                <td className="hidden px-4 py-2 md:table-cell">{d.site?.name ?? '—'}</td>
              </tr>
            ))}
            {devices.data && devices.data.data.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-8 text-center text-slate-500">
                  No devices recorded for your organization.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
