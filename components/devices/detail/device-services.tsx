'use client';

// The device's services (systemd units on Linux), live from its agent: sortable and filterable,
// with start, and stop and restart after a confirmation (stop is MFA-gated on the server).
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import { useCan } from '@/hooks/use-me';
import type { ZServiceDetail, ZServiceList } from '@/lib/system-tools/schemas';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/controls';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { MUTED } from '@/components/devices/detail/format';
import { ConfirmDialog, SortHeader, ToolError, useSorted } from '@/components/devices/detail/system-tools-table';

type Service = Wire<typeof ZServiceList>['data'][number];
type Key = 'name' | 'activeState' | 'unitFileState' | 'description';
type Action = 'start' | 'stop' | 'restart';

export function DeviceServicesPanel({ deviceId }: { deviceId: string }) {
  const qc = useQueryClient();
  const canExecute = useCan('devices:execute');
  const [filter, setFilter] = useState('');
  const [state, setState] = useState('');
  const [pending, setPending] = useState<{ service: Service; action: Action } | null>(null);
  const key = ['system-tools', deviceId, 'services'];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<Wire<typeof ZServiceList>>(`/system-tools/devices/${deviceId}/services`, { signal }),
    retry: false,
  });
  const act = useMutation({
    mutationFn: (p: { name: string; action: Action }) =>
      api<Wire<typeof ZServiceDetail>>(`/system-tools/devices/${deviceId}/services/${encodeURIComponent(p.name)}/${p.action}`, { method: 'POST', body: {} }),
    onSuccess: () => {
      setPending(null);
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (list.data?.data ?? []).filter((s) => (!q || s.name.toLowerCase().includes(q) || s.description.toLowerCase().includes(q)) && (!state || s.activeState === state));
  }, [list.data, filter, state]);
  const { sorted, sort, toggle } = useSorted<Service, Key>(rows, { key: 'name', dir: 'asc' }, (s, k) => s[k]);
  const states = [...new Set((list.data?.data ?? []).map((s) => s.activeState))].sort();

  const run = (service: Service, action: Action) => {
    act.reset();
    if (action === 'start') act.mutate({ name: service.name, action });
    else setPending({ service, action });
  };

  return (
    <Card
      title="Services"
      actions={
        <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      }
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <span>Filter</span>
          <input className={`${INLINE_INPUT_CLASS} w-64`} value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name or description" />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span>State</span>
          <select className={INLINE_INPUT_CLASS} value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">Any</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {list.data && (
          <span className={`text-sm ${MUTED}`} role="status">
            {rows.length} of {list.data.data.length} services
          </span>
        )}
      </div>
      {list.isError && <ToolError error={list.error} what="services" />}
      {act.isError && !pending && <ToolError error={act.error} what="services" />}
      {list.isLoading && <p role="status">Asking the agent…</p>}
      {list.data && (
        <div className="max-h-[32rem] overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Services on the device</caption>
            <thead>
              <tr>
                <SortHeader label="Name" column="name" sort={sort} toggle={toggle} />
                <SortHeader label="State" column="activeState" sort={sort} toggle={toggle} />
                <SortHeader label="Startup" column="unitFileState" sort={sort} toggle={toggle} />
                <SortHeader label="Description" column="description" sort={sort} toggle={toggle} />
                {canExecute && (
                  <th scope="col" className="px-2 py-1">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {sorted.map((s) => (
                <tr key={s.name} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="px-2 py-1 font-mono text-xs">{s.name}</td>
                  <td className="px-2 py-1">
                    {s.activeState} <span className={MUTED}>({s.subState})</span>
                  </td>
                  <td className="px-2 py-1">{s.unitFileState ?? '—'}</td>
                  <td className={`max-w-md truncate px-2 py-1 ${MUTED}`}>{s.description}</td>
                  {canExecute && (
                    <td className="flex gap-1 px-2 py-1">
                      {(['start', 'stop', 'restart'] as const).map((a) => (
                        <Button key={a} variant="secondary" className="px-2 py-1 text-xs" disabled={act.isPending} onClick={() => run(s, a)} aria-label={`${a[0].toUpperCase()}${a.slice(1)} ${s.name}`}>
                          {a[0].toUpperCase() + a.slice(1)}
                        </Button>
                      ))}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${pending.action === 'stop' ? 'Stop' : 'Restart'} ${pending.service.name}?` : 'Confirm'}
        confirmLabel={pending?.action === 'stop' ? 'Stop service' : 'Restart service'}
        pending={act.isPending}
        error={act.error}
        onClose={() => setPending(null)}
        onConfirm={() => pending && act.mutate({ name: pending.service.name, action: pending.action })}
      >
        <p>Whatever depends on this service on the device is interrupted{pending?.action === 'restart' ? ' while it restarts' : ' until it is started again'}.</p>
      </ConfirmDialog>
    </Card>
  );
}
