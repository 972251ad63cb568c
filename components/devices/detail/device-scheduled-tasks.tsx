'use client';

// The device's scheduled tasks (systemd timers and cron jobs on Linux), live from its agent:
// sortable and filterable, with run now and disable after a confirmation (disable is MFA-gated
// on the server), enable, and the run history of one task.
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import { formatDate } from '@/lib/client/format';
import { useCan } from '@/hooks/use-me';
import type { ZTaskHistory, ZTaskList } from '@/lib/system-tools/task-schemas';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/controls';
import { Dialog } from '@/components/ui/dialog';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { MUTED } from '@/components/devices/detail/format';
import { ConfirmDialog, SortHeader, ToolError, useSorted } from '@/components/devices/detail/system-tools-table';

type Task = Wire<typeof ZTaskList>['data'][number];
type Key = 'name' | 'source' | 'schedule' | 'user' | 'enabled' | 'nextRunAt' | 'lastResult';
type Action = 'run' | 'enable' | 'disable';

export function DeviceScheduledTasksPanel({ deviceId }: { deviceId: string }) {
  const qc = useQueryClient();
  const canExecute = useCan('devices:execute');
  const [filter, setFilter] = useState('');
  const [pending, setPending] = useState<{ task: Task; action: Action } | null>(null);
  const [history, setHistory] = useState<Task | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const key = ['system-tools', deviceId, 'tasks'];
  const url = (t: Task) => `/system-tools/devices/${deviceId}/tasks/${encodeURIComponent(t.path)}`;
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => api<Wire<typeof ZTaskList>>(`/system-tools/devices/${deviceId}/tasks`, { signal }), retry: false });
  const runs = useQuery({
    queryKey: ['system-tools', deviceId, 'task-history', history?.path],
    queryFn: ({ signal }) => api<Wire<typeof ZTaskHistory>>(`${url(history!)}/history`, { signal }),
    enabled: history !== null,
    retry: false,
  });
  const act = useMutation({
    mutationFn: (p: { task: Task; action: Action }) => api<unknown>(`${url(p.task)}/${p.action}`, { method: 'POST', body: {} }),
    onSuccess: (_r, p) => {
      setPending(null);
      setNotice(p.action === 'run' ? `${p.task.name} started.` : `${p.task.name} ${p.action}d.`);
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (list.data?.data ?? []).filter((t) => !q || [t.name, t.path, t.schedule, t.command ?? '', t.user ?? ''].some((v) => v.toLowerCase().includes(q)));
  }, [list.data, filter]);
  const { sorted, sort, toggle } = useSorted<Task, Key>(rows, { key: 'name', dir: 'asc' }, (t, k) => t[k]);

  const start = (task: Task, action: Action) => {
    act.reset();
    setNotice(null);
    if (action === 'enable') act.mutate({ task, action });
    else setPending({ task, action });
  };

  return (
    <Card
      title="Scheduled tasks"
      actions={
        <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      }
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <span>Filter</span>
          <input className={`${INLINE_INPUT_CLASS} w-64`} value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name, schedule, command or user" />
        </label>
        {list.data && (
          <span className={`text-sm ${MUTED}`} role="status">
            {rows.length} of {list.data.data.length} tasks{list.data.sources.systemd ? '' : ' (no systemd: cron jobs only)'}
          </span>
        )}
      </div>
      {notice && <p role="status">{notice}</p>}
      {list.isError && <ToolError error={list.error} what="scheduled tasks" />}
      {act.isError && !pending && <ToolError error={act.error} what="scheduled tasks" />}
      {list.isLoading && <p role="status">Asking the agent…</p>}
      {list.data && (
        <div className="max-h-[32rem] overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Scheduled tasks on the device</caption>
            <thead>
              <tr>
                <SortHeader label="Task" column="name" sort={sort} toggle={toggle} />
                <SortHeader label="Kind" column="source" sort={sort} toggle={toggle} />
                <SortHeader label="Schedule" column="schedule" sort={sort} toggle={toggle} />
                <SortHeader label="User" column="user" sort={sort} toggle={toggle} />
                <SortHeader label="Enabled" column="enabled" sort={sort} toggle={toggle} />
                <SortHeader label="Next run" column="nextRunAt" sort={sort} toggle={toggle} />
                <SortHeader label="Last result" column="lastResult" sort={sort} toggle={toggle} />
                <th scope="col" className="px-2 py-1">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((t) => (
                <tr key={t.path} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="px-2 py-1">
                    <div className="font-mono text-xs">{t.name}</div>
                    {t.command && <div className={`max-w-md truncate font-mono text-xs ${MUTED}`} title={t.command}>{t.command}</div>}
                  </td>
                  <td className="px-2 py-1">{t.source === 'systemd-timer' ? 'timer' : t.source}</td>
                  <td className="px-2 py-1 font-mono text-xs">{t.schedule}</td>
                  <td className="px-2 py-1">{t.user ?? '—'}</td>
                  <td className="px-2 py-1">{t.enabled ? 'Yes' : 'No'}</td>
                  <td className="whitespace-nowrap px-2 py-1">{t.nextRunAt ? formatDate(t.nextRunAt) : '—'}</td>
                  <td className="px-2 py-1">{t.lastResult ?? '—'}</td>
                  <td className="flex gap-1 px-2 py-1">
                    <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setHistory(t)} aria-label={`History of ${t.name}`}>
                      History
                    </Button>
                    {canExecute && (
                      <>
                        <Button variant="secondary" className="px-2 py-1 text-xs" disabled={act.isPending} onClick={() => start(t, 'run')} aria-label={`Run ${t.name} now`}>
                          Run now
                        </Button>
                        <Button variant="secondary" className="px-2 py-1 text-xs" disabled={act.isPending} onClick={() => start(t, t.enabled ? 'disable' : 'enable')} aria-label={`${t.enabled ? 'Disable' : 'Enable'} ${t.name}`}>
                          {t.enabled ? 'Disable' : 'Enable'}
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${pending.action === 'run' ? 'Run' : 'Disable'} ${pending.task.name}?` : 'Confirm'}
        confirmLabel={pending?.action === 'run' ? 'Run now' : 'Disable task'}
        pending={act.isPending}
        error={act.error}
        onClose={() => setPending(null)}
        onConfirm={() => pending && act.mutate(pending)}
      >
        {pending?.action === 'run' ? (
          <p>
            Runs <code>{pending.task.command}</code> on the device now, outside its schedule{pending.task.user ? `, as ${pending.task.user}` : ''}.
          </p>
        ) : (
          <p>The task stops running on its schedule until it is enabled again.</p>
        )}
      </ConfirmDialog>
      <Dialog open={history !== null} onClose={() => setHistory(null)} title={history ? `Runs of ${history.name}` : 'Runs'} wide>
        {runs.isError && <ToolError error={runs.error} what="runs" />}
        {runs.isLoading && <p role="status">Asking the agent…</p>}
        {runs.data && (
          <>
            {!runs.data.journal && <p className={`mb-2 text-sm ${MUTED}`}>This device has no journal: only runs started here are listed.</p>}
            {runs.data.data.length === 0 ? (
              <p className="text-sm">No runs recorded.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {runs.data.data.map((r, i) => (
                  <li key={r.runId ?? `${r.at}-${i}`}>
                    <span className="tabular-nums">{formatDate(r.at)}</span> · {r.source} · {r.exitCode === null ? (r.finishedAt ? 'ended' : r.source === 'agent' ? 'running' : '') : `exit code ${r.exitCode}`} <span className={MUTED}>{r.message}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Dialog>
    </Card>
  );
}
