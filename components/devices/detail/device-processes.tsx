'use client';

// The device's processes, live from its agent over the channel: sortable and filterable, with a
// kill (signal chosen, confirmed in a dialog; MFA-gated on the server, the step-up dialog asks).
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import { formatBytes } from '@/lib/client/format';
import { useCan } from '@/hooks/use-me';
import type { ZKillResult, ZProcessList } from '@/lib/system-tools/schemas';
import { Button } from '@/components/ui/button';
import { Card, ErrorText } from '@/components/ui/controls';
import { Dialog } from '@/components/ui/dialog';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { MUTED } from '@/components/devices/detail/format';

type Proc = Wire<typeof ZProcessList>['data'][number];
type SortKey = 'pid' | 'name' | 'user' | 'cpuPercent' | 'memoryBytes';
const SIGNALS = ['SIGTERM', 'SIGKILL', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGSTOP', 'SIGCONT', 'SIGUSR1', 'SIGUSR2'] as const;
const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'pid', label: 'PID', numeric: true },
  { key: 'name', label: 'Name' },
  { key: 'user', label: 'User' },
  { key: 'cpuPercent', label: 'CPU %', numeric: true },
  { key: 'memoryBytes', label: 'Memory', numeric: true },
];

function explain(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'AGENT_OFFLINE') return 'The agent of this device is not connected right now, so its processes cannot be read. They appear once it reconnects.';
  if (error.code === 'AGENT_TIMEOUT') return 'The agent did not answer in time. Try again.';
  if (error.code === 'UNSUPPORTED_ON_PLATFORM') return `Not available on this device: ${error.message}`;
  return null;
}

export function DeviceProcessesPanel({ deviceId }: { deviceId: string }) {
  const qc = useQueryClient();
  const canKill = useCan('devices:execute');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' }>({ key: 'cpuPercent', dir: 'desc' });
  const [target, setTarget] = useState<Proc | null>(null);
  const [signal, setSignal] = useState<(typeof SIGNALS)[number]>('SIGTERM');
  const list = useQuery({
    queryKey: ['system-tools', deviceId, 'processes'],
    queryFn: ({ signal: abort }) => api<Wire<typeof ZProcessList>>(`/system-tools/devices/${deviceId}/processes`, { signal: abort }),
    retry: false,
  });
  const kill = useMutation({
    mutationFn: (p: { pid: number; signal: string }) => api<Wire<typeof ZKillResult>>(`/system-tools/devices/${deviceId}/processes/${p.pid}/kill`, { method: 'POST', body: { signal: p.signal } }),
    onSuccess: () => {
      setTarget(null);
      void qc.invalidateQueries({ queryKey: ['system-tools', deviceId, 'processes'] });
    },
  });

  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const data = (list.data?.data ?? []).filter((p) => !q || String(p.pid) === q || p.name.toLowerCase().includes(q) || (p.user ?? '').toLowerCase().includes(q) || p.commandLine.toLowerCase().includes(q));
    const dir = sort.dir === 'asc' ? 1 : -1;
    return [...data].sort((a, b) => {
      const x = a[sort.key] ?? '';
      const y = b[sort.key] ?? '';
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * dir || a.pid - b.pid;
    });
  }, [list.data, filter, sort]);

  const toggle = (key: SortKey) => setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'name' || key === 'user' ? 'asc' : 'desc' }));

  return (
    <Card
      title="Processes"
      actions={
        <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      }
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <span>Filter</span>
          <input className={`${INLINE_INPUT_CLASS} w-64`} value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name, user, pid or command" />
        </label>
        {list.data && (
          <span className={`text-sm ${MUTED}`} role="status">
            {rows.length} of {list.data.data.length} processes, read {new Date(list.data.collectedAt).toLocaleTimeString()}
          </span>
        )}
      </div>
      {list.isError && (explain(list.error) ? <p role="alert">{explain(list.error)}</p> : <ErrorText error={list.error} />)}
      {list.isLoading && <p role="status">Asking the agent…</p>}
      {list.data && (
        <div className="max-h-[32rem] overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Processes running on the device</caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.key} scope="col" aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={`px-2 py-1 ${c.numeric ? 'text-right' : ''}`}>
                    <button type="button" className="font-medium" onClick={() => toggle(c.key)}>
                      {c.label}
                      {sort.key === c.key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                    </button>
                  </th>
                ))}
                <th scope="col" className="px-2 py-1">
                  Command line
                </th>
                {canKill && (
                  <th scope="col" className="px-2 py-1">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.pid} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="px-2 py-1 text-right tabular-nums">{p.pid}</td>
                  <td className="px-2 py-1">{p.name}</td>
                  <td className="px-2 py-1">{p.user ?? '—'}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{p.cpuPercent.toFixed(1)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatBytes(p.memoryBytes)}</td>
                  <td className={`max-w-md truncate px-2 py-1 font-mono text-xs ${MUTED}`} title={p.commandLine}>
                    {p.commandLine}
                  </td>
                  {canKill && (
                    <td className="px-2 py-1">
                      <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => (kill.reset(), setSignal('SIGTERM'), setTarget(p))} aria-label={`Kill ${p.name} (pid ${p.pid})`}>
                        Kill
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog open={target !== null} onClose={() => setTarget(null)} title={target ? `Kill ${target.name} (pid ${target.pid})?` : 'Kill process'}>
        {target && (
          <form
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              kill.mutate({ pid: target.pid, signal });
            }}
          >
            <p className="text-sm">
              Sends a signal to <code>{target.commandLine}</code> on the device. Unsaved work in that program may be lost.
            </p>
            <label className="flex items-center gap-2 text-sm">
              <span>Signal</span>
              <select className={INLINE_INPUT_CLASS} value={signal} onChange={(e) => setSignal(e.target.value as (typeof SIGNALS)[number])}>
                {SIGNALS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            {kill.isError && <ErrorText error={kill.error} />}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setTarget(null)}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={kill.isPending}>
                {kill.isPending ? 'Sending…' : `Send ${signal}`}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </Card>
  );
}
