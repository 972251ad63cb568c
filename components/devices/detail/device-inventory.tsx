'use client';

// The agent's inventory, formatted: hardware and OS as labelled values, disks with usage bars,
// network interfaces and installed software as tables (software searchable and sortable).
// Wide tables scroll inside their own frame so the page never scrolls sideways.
import { useMemo, useState, type ReactNode } from 'react';
import { useDeviceInventory, useSendCommand, type DeviceInventory } from '@/hooks/use-devices';
import { useCan } from '@/hooks/use-me';
import { formatBytes, formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Card, ErrorText } from '@/components/ui/controls';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { MUTED, ValueList, formatDuration, numberOf, textOf } from '@/components/devices/detail/format';

const HARDWARE_LABELS: [string, string][] = [
  ['manufacturer', 'Manufacturer'],
  ['model', 'Model'],
  ['serialNumber', 'Serial number'],
  ['cpuModel', 'CPU'],
  ['cpuCores', 'CPU cores'],
  ['memoryBytes', 'Memory'],
  ['boardVendor', 'Board vendor'],
  ['biosVersion', 'BIOS version'],
  ['biosDate', 'BIOS date'],
];
const OS_LABELS: [string, string][] = [
  ['prettyName', 'Name'],
  ['name', 'Family'],
  ['version', 'Version'],
  ['kernel', 'Kernel'],
  ['architecture', 'Architecture'],
  ['hostname', 'Hostname'],
  ['uptimeSeconds', 'Uptime at collection'],
];

/** Known keys first with readable labels and units; any other reported scalar after them. */
function labelled(record: Record<string, unknown>, labels: [string, string][]): [string, ReactNode][] {
  const known = new Set(labels.map(([k]) => k));
  const show = (key: string, value: unknown): string | null => {
    if (/bytes$/i.test(key)) return numberOf(value) === null ? null : formatBytes(numberOf(value));
    if (/seconds$/i.test(key)) return numberOf(value) === null ? null : formatDuration(numberOf(value)!);
    return textOf(value);
  };
  const rows: [string, ReactNode][] = labels.map(([k, label]) => [label, show(k, record[k])]);
  for (const [k, v] of Object.entries(record)) {
    if (!known.has(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) rows.push([k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()), show(k, v)]);
  }
  return rows.filter(([, v]) => v !== null && v !== '');
}

function Disks({ disks }: { disks: DeviceInventory['disks'] }) {
  if (disks.length === 0) return <p className={`text-sm ${MUTED}`}>No filesystems reported.</p>;
  return (
    <ul className="space-y-3" aria-label="Disks">
      {disks.map((d, i) => {
        const total = numberOf(d.totalBytes);
        const used = numberOf(d.usedBytes);
        const pct = total && used !== null ? Math.min(100, Math.round((used / total) * 100)) : null;
        const mount = textOf(d.mount) ?? textOf(d.device) ?? `Disk ${i + 1}`;
        return (
          <li key={`${mount}-${i}`} data-testid="disk-row">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="min-w-0 font-medium break-all">{mount}</span>
              <span className={MUTED}>
                {used !== null && total !== null ? `${formatBytes(used)} of ${formatBytes(total)} used` : formatBytes(total)}
                {pct !== null && ` (${pct}%)`}
              </span>
            </div>
            {pct !== null && (
              <div role="meter" aria-label={`${mount} used`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}% used`} className="mt-1 h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
                <div className={`h-full ${pct >= 90 ? 'bg-red-600' : pct >= 75 ? 'bg-amber-500' : 'bg-emerald-600'}`} style={{ width: `${pct}%` }} />
              </div>
            )}
            <p className={`mt-0.5 text-xs ${MUTED}`}>{[textOf(d.device), textOf(d.fsType)].filter(Boolean).join(' · ')}</p>
          </li>
        );
      })}
    </ul>
  );
}

const list = (v: unknown) => (Array.isArray(v) ? v.map(textOf).filter(Boolean).join(', ') : textOf(v));

function Network({ network }: { network: DeviceInventory['network'] }) {
  if (network.length === 0) return <p className={`text-sm ${MUTED}`}>No network interfaces reported.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className={MUTED}>
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">Interface</th>
            <th scope="col" className="py-1 pr-4 font-medium">MAC</th>
            <th scope="col" className="py-1 pr-4 font-medium">IPv4</th>
            <th scope="col" className="py-1 font-medium">IPv6</th>
          </tr>
        </thead>
        <tbody>
          {network.map((n, i) => (
            <tr key={`${textOf(n.name)}-${i}`} className="border-t border-slate-100 align-top dark:border-slate-800">
              <td className="py-1 pr-4 font-medium whitespace-nowrap">{textOf(n.name) ?? '—'}</td>
              <td className="py-1 pr-4 font-mono text-xs whitespace-nowrap">{textOf(n.mac) ?? '—'}</td>
              <td className="py-1 pr-4 font-mono text-xs">{list(n.ipv4) || '—'}</td>
              <td className="py-1 font-mono text-xs break-all">{list(n.ipv6) || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SoftwareSort = 'name' | 'version' | 'publisher' | 'installedAt';
const SOFTWARE_COLUMNS: [SoftwareSort, string][] = [
  ['name', 'Name'],
  ['version', 'Version'],
  ['publisher', 'Publisher'],
  ['installedAt', 'Installed'],
];
const SOFTWARE_PAGE = 200;

function Software({ software }: { software: DeviceInventory['software'] }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ by: SoftwareSort; dir: 'asc' | 'desc' }>({ by: 'name', dir: 'asc' });
  const [shown, setShown] = useState(SOFTWARE_PAGE);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const hits = q ? software.filter((s) => [s.name, s.version, s.publisher].some((v) => v?.toLowerCase().includes(q))) : software;
    const sign = sort.dir === 'asc' ? 1 : -1;
    // Missing values sort last in either direction.
    return [...hits].sort((a, b) => {
      const x = a[sort.by];
      const y = b[sort.by];
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return sign * x.localeCompare(y, undefined, { numeric: true, sensitivity: 'base' });
    });
  }, [software, search, sort]);
  const toggle = (by: SoftwareSort) => setSort((s) => ({ by, dir: s.by === by && s.dir === 'asc' ? 'desc' : 'asc' }));

  return (
    <Card title={`Software (${software.length.toLocaleString()})`}>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
          <span className="shrink-0 font-medium">Search software</span>
          <input type="search" value={search} onChange={(e) => {
              setSearch(e.target.value);
              setShown(SOFTWARE_PAGE);
            }} placeholder="Name, version or publisher" className={`${INLINE_INPUT_CLASS} w-full min-w-0 sm:max-w-xs`} />
        </label>
        <span role="status" className={`text-xs ${MUTED}`} data-testid="software-count">
          {rows.length === software.length ? `${rows.length.toLocaleString()} packages` : `${rows.length.toLocaleString()} of ${software.length.toLocaleString()} match`}
        </span>
      </div>
      <div className="max-h-[28rem] overflow-auto">
        <table className="w-full text-left text-sm" data-testid="software-table">
          <thead className={`sticky top-0 bg-white dark:bg-slate-900 ${MUTED}`}>
            <tr>
              {SOFTWARE_COLUMNS.map(([by, label]) => (
                <th key={by} scope="col" className="py-1 pr-4 font-medium" aria-sort={sort.by === by ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <button type="button" onClick={() => toggle(by)} className="inline-flex items-center gap-1 hover:underline">
                    {label}
                    <span aria-hidden="true">{sort.by === by ? (sort.dir === 'asc' ? '▲' : '▼') : ''}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((s, n) => (
              <tr key={`${s.name}-${s.version}-${n}`} className="border-t border-slate-100 dark:border-slate-800" data-testid="software-row">
                <td className="py-1 pr-4 break-all">{s.name}</td>
                <td className={`py-1 pr-4 break-all ${MUTED}`}>{s.version ?? '—'}</td>
                <td className={`py-1 pr-4 ${MUTED}`}>{s.publisher ?? '—'}</td>
                <td className={`py-1 whitespace-nowrap ${MUTED}`}>{s.installedAt ? new Date(s.installedAt).toLocaleDateString() : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className={`py-2 text-sm ${MUTED}`}>No software matches “{search}”.</p>}
      </div>
      {rows.length > shown && (
        <Button variant="secondary" className="mt-3" onClick={() => setShown((n) => n + SOFTWARE_PAGE)}>
          Show {Math.min(SOFTWARE_PAGE, rows.length - shown)} more
        </Button>
      )}
    </Card>
  );
}

export function DeviceInventoryPanel({ id }: { id: string }) {
  const inv = useDeviceInventory(id);
  const send = useSendCommand(id);
  const canExecute = useCan('devices:execute');
  if (inv.isError) return <ErrorText error={inv.error} />;
  if (!inv.data) return <p role="status">Loading…</p>;
  const i = inv.data;
  const refresh = canExecute && (
    <Button variant="secondary" disabled={send.isPending} onClick={() => send.mutate({ type: 'refresh_inventory' })}>
      {send.isSuccess ? 'Refresh requested' : 'Refresh inventory'}
    </Button>
  );
  if (!i.collectedAt) {
    return (
      <Card title="Inventory" actions={refresh}>
        <p className={`text-sm ${MUTED}`}>The agent has not reported an inventory yet.</p>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Hardware" actions={refresh}>
          <ValueList items={labelled(i.hardware, HARDWARE_LABELS)} />
          <p className={`mt-2 text-xs ${MUTED}`}>Collected {formatDate(i.collectedAt)}</p>
        </Card>
        <Card title="Operating system">
          <ValueList items={labelled(i.os, OS_LABELS)} />
        </Card>
        <Card title="Disks">
          <Disks disks={i.disks} />
        </Card>
        <Card title="Network interfaces">
          <Network network={i.network} />
        </Card>
      </div>
      <Software software={i.software} />
    </div>
  );
}
