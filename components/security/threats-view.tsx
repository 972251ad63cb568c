'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useDeviceScans, useSecurityDevices, useStartScan, useThreatAction, useThreats, type SecurityThreat } from '@/hooks/use-security';
import { DataTable } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';
import { useCan } from '@/hooks/use-me';
import { usePromoteThreat } from '@/hooks/use-incidents';

const inputClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';
const STATUSES = ['detected', 'quarantined', 'restored', 'removed'] as const;

function actionsFor(t: SecurityThreat): ('quarantine' | 'restore' | 'remove')[] {
  if (t.pendingAction) return [];
  if (t.status === 'quarantined') return ['restore', 'remove'];
  if (t.status === 'removed') return [];
  return ['quarantine', 'remove'];
}

/** Starts a ClamAV scan on a Linux device and follows it until the agent answers. */
function ScanForm() {
  const devices = useSecurityDevices();
  const [deviceId, setDeviceId] = useState('');
  const [paths, setPaths] = useState('');
  const scan = useStartScan();
  const scans = useDeviceScans(deviceId);
  const last = scans.data?.data[0];
  const linux = (devices.data?.data ?? []).filter((d) => d.osType === 'linux');
  return (
    <form
      aria-label="Scan a device"
      className="flex flex-wrap items-end gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (deviceId) scan.mutate({ deviceId, paths: paths.split(/[\s,]+/).filter(Boolean) });
      }}
    >
      <label className="space-y-1 text-sm">
        <span className="block font-medium">Device</span>
        <select aria-label="Device to scan" value={deviceId} onChange={(e) => setDeviceId(e.target.value)} className={inputClass}>
          <option value="">Choose a Linux device</option>
          {linux.map((d) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.hostname}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm">
        <span className="block font-medium">Paths (optional)</span>
        <input aria-label="Paths to scan" value={paths} onChange={(e) => setPaths(e.target.value)} placeholder="/home /tmp" className={inputClass} />
      </label>
      <Button type="submit" disabled={!deviceId || scan.isPending}>
        Scan for threats
      </Button>
      {scan.isError && <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">{scan.error instanceof Error ? scan.error.message : 'The scan could not start.'}</p>}
      {last && (
        <p role="status" className="w-full text-sm text-slate-600 dark:text-slate-300" data-testid="scan-status">
          {last.status === 'queued' ? 'Scan queued…' : last.status === 'failed' ? `Scan failed: ${last.error ?? 'unknown error'}` : `Scan completed: ${last.filesScanned ?? 0} files, ${last.threatsFound} threat(s) found`}
        </p>
      )}
    </form>
  );
}

export function ThreatsView() {
  const [status, setStatus] = useState('');
  const threats = useThreats(status || undefined);
  const act = useThreatAction();
  const promote = usePromoteThreat();
  // Promotion to a tracked incident needs alerts:write (the threat list itself needs devices:read).
  const canPromote = useCan('alerts:write');
  const rows = threats.data?.data ?? [];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Threats</h1>
        <p className="mt-1 text-sm text-slate-500">Files ClamAV flagged in threat scans. Quarantine moves the file into the agent’s own folder with every permission removed; restore puts it back as it was; remove deletes it. The agent does each and reports back.</p>
      </div>
      <ScanForm />
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
      {promote.isError && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{promote.error instanceof Error ? promote.error.message : 'The promotion failed.'}</p>}
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
                {t.incidentId ? (
                  <Link className="text-sm underline" href="/incidents" data-testid="threat-incident">
                    Tracked as incident
                  </Link>
                ) : canPromote ? (
                  <Button variant="secondary" disabled={promote.isPending} onClick={() => promote.mutate(t.id)}>
                    Promote to incident<span className="sr-only"> {t.name} on {t.hostname}</span>
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
