'use client';

// The device's event log (journald on Linux), live from its agent: pick a log and a minimum
// severity, filter and sort the entries shown, load older pages, open one entry with all its fields.
import { useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import { formatDate } from '@/lib/client/format';
import type { ZEventDetail, ZEventLogList, ZEventPage } from '@/lib/system-tools/eventlog-schemas';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/controls';
import { Dialog } from '@/components/ui/dialog';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { MUTED } from '@/components/devices/detail/format';
import { SortHeader, ToolError, useSorted } from '@/components/devices/detail/system-tools-table';

type Entry = Wire<typeof ZEventPage>['data'][number];
type Key = 'timestamp' | 'priority' | 'identifier' | 'message';
const LEVELS = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'] as const;

export function DeviceEventLogPanel({ deviceId }: { deviceId: string }) {
  const [log, setLog] = useState('system');
  const [priority, setPriority] = useState('');
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const logs = useQuery({
    queryKey: ['system-tools', deviceId, 'eventlogs'],
    queryFn: ({ signal }) => api<Wire<typeof ZEventLogList>>(`/system-tools/devices/${deviceId}/eventlogs`, { signal }),
    retry: false,
  });
  const events = useInfiniteQuery({
    queryKey: ['system-tools', deviceId, 'events', log, priority],
    queryFn: ({ pageParam, signal }) =>
      api<Wire<typeof ZEventPage>>(`/system-tools/devices/${deviceId}/eventlogs/${encodeURIComponent(log)}/events`, { query: { limit: 100, priority: priority || undefined, cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
    enabled: logs.isSuccess,
    retry: false,
  });
  const detail = useQuery({
    queryKey: ['system-tools', deviceId, 'event', log, open],
    queryFn: ({ signal }) => api<Wire<typeof ZEventDetail>>(`/system-tools/devices/${deviceId}/eventlogs/${encodeURIComponent(log)}/events/${encodeURIComponent(open!)}`, { signal }),
    enabled: open !== null,
    retry: false,
  });
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = events.data?.pages.flatMap((p) => p.data) ?? [];
    return all.filter((e) => !q || e.message.toLowerCase().includes(q) || (e.identifier ?? '').toLowerCase().includes(q) || (e.unit ?? '').toLowerCase().includes(q));
  }, [events.data, filter]);
  const { sorted, sort, toggle } = useSorted<Entry, Key>(rows, { key: 'timestamp', dir: 'desc' }, (e, k) => e[k]);

  return (
    <Card
      title="Event log"
      actions={
        <Button variant="secondary" onClick={() => void events.refetch()} disabled={events.isFetching}>
          {events.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      }
    >
      {logs.isError && <ToolError error={logs.error} what="event logs" />}
      {logs.isLoading && <p role="status">Asking the agent…</p>}
      {logs.data && (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            <span>Log</span>
            <select className={INLINE_INPUT_CLASS} value={log} onChange={(e) => setLog(e.target.value)}>
              {logs.data.data.map((l) => (
                <option key={l.name} value={l.name}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <span>Severity</span>
            <select className={INLINE_INPUT_CLASS} value={priority} onChange={(e) => setPriority(e.target.value)}>
              <option value="">All</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l} or worse
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <span>Filter</span>
            <input className={`${INLINE_INPUT_CLASS} w-64`} value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Message, program or unit" />
          </label>
          <span className={`text-sm ${MUTED}`} role="status">
            {rows.length} entries shown
          </span>
        </div>
      )}
      {events.isError && <ToolError error={events.error} what="entries" />}
      {events.data && (
        <div className="max-h-[32rem] overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Event log entries</caption>
            <thead>
              <tr>
                <SortHeader label="Time" column="timestamp" sort={sort} toggle={toggle} />
                <SortHeader label="Level" column="priority" sort={sort} toggle={toggle} />
                <SortHeader label="Program" column="identifier" sort={sort} toggle={toggle} />
                <SortHeader label="Message" column="message" sort={sort} toggle={toggle} />
              </tr>
            </thead>
            <tbody>
              {sorted.map((e) => (
                <tr key={e.recordId} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="whitespace-nowrap px-2 py-1 tabular-nums">{formatDate(e.timestamp)}</td>
                  <td className={`px-2 py-1 ${e.priority <= 3 ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}>{e.level}</td>
                  <td className="px-2 py-1">{e.identifier ?? '—'}</td>
                  <td className="max-w-xl px-2 py-1">
                    <button type="button" className="w-full truncate text-left underline-offset-2 hover:underline" onClick={() => setOpen(e.recordId)} title={e.message}>
                      {e.message || '(empty)'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {events.hasNextPage && (
            <Button variant="secondary" className="mt-2" onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
              {events.isFetchingNextPage ? 'Loading…' : 'Load older entries'}
            </Button>
          )}
        </div>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title="Event log entry" wide>
        {detail.isError && <ToolError error={detail.error} what="entry" />}
        {detail.data && (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            {Object.entries(detail.data.fields)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-mono text-xs">{k}</dt>
                  <dd className="break-all font-mono text-xs">{v}</dd>
                </div>
              ))}
          </dl>
        )}
      </Dialog>
    </Card>
  );
}
