'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useThreatAction, useThreats, type SecurityThreat } from '@/hooks/use-security';
import { DataTable } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';

const inputClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';
const STATUSES = ['detected', 'quarantined', 'restored', 'removed'] as const;

function actionsFor(t: SecurityThreat): ('quarantine' | 'restore' | 'remove')[] {
  if (t.pendingAction) return [];
  if (t.status === 'quarantined') return ['restore', 'remove'];
  if (t.status === 'removed') return [];
  return ['quarantine', 'remove'];
}

export function ThreatsView() {
  const [status, setStatus] = useState('');
  const threats = useThreats(status || undefined);
  const act = useThreatAction();
  const rows = threats.data?.data ?? [];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Threats</h1>
        <p className="mt-1 text-sm text-slate-500">Files ClamAV flagged in threat scans. Quarantine moves the file into the agent’s own folder with every permission removed; restore puts it back as it was; remove deletes it. The agent does each and reports back.</p>
      </div>
      <label className="block space-y-1 text-sm">
        <span className="block font-medium">Status</span>
        <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)} className={inputClass}>
          <option value="">Any status</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      {act.isError && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{act.error instanceof Error ? act.error.message : 'The action failed.'}</p>}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{threats.isLoading ? 'Loading…' : 'No threat found.'}</p>
      ) : (
        <DataTable label="Threats" testId="threats" columns={['Threat', 'Device', 'File', 'Status', 'Detected', { label: 'Actions', hidden: true }]}>
          {rows.map((t) => (
            <tr key={t.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2 font-medium">{t.name}</td>
              <td className="px-4 py-2">
                <Link className="underline" href={`/devices/${t.deviceId}`}>
                  {t.hostname}
                </Link>
              </td>
              <td className="break-all px-4 py-2 font-mono text-xs">{t.filePath}</td>
              <td className="px-4 py-2" data-testid="threat-status">
                {t.pendingAction ? `${t.pendingAction} in progress…` : t.status}
                {t.lastError && <span className="block text-red-700 dark:text-red-400">{t.lastError}</span>}
              </td>
              <td className="px-4 py-2">{new Date(t.detectedAt).toLocaleString()}</td>
              <td className="space-x-2 whitespace-nowrap px-4 py-2">
                {actionsFor(t).map((a) => (
                  <Button key={a} variant="secondary" disabled={act.isPending} onClick={() => act.mutate({ id: t.id, action: a })}>
                    {a === 'quarantine' ? 'Quarantine' : a === 'restore' ? 'Restore' : 'Remove'}
                  </Button>
                ))}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
