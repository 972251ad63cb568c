'use client';

// Remote sessions: the ones open now (with End) and the history, with who opened each, on which
// device, when, for how long, why it ended, and the terminal transcript to download.
import { useState } from 'react';
import Link from 'next/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiObjectUrl } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import { useCan } from '@/hooks/use-me';
import type { ZRemoteSessionPage } from '@/lib/remote/schemas';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ErrorText, PageHeader, Pager } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';
import { useTunnels } from '@/hooks/use-tunnels';
import { TUNNEL_COLUMNS, TunnelRows } from '@/components/remote/device-tunnels';

type Session = Wire<typeof ZRemoteSessionPage>['data'][number];
const TONE = { pending: 'amber', active: 'green', ended: 'slate', failed: 'red' } as const;

function duration(s: Session): string {
  if (s.durationSeconds === null) return '—';
  const m = Math.floor(s.durationSeconds / 60);
  return m ? `${m} min ${s.durationSeconds % 60} s` : `${s.durationSeconds} s`;
}

async function download(s: Session) {
  const url = await apiObjectUrl(`/remote/sessions/${s.id}/transcript`);
  const a = document.createElement('a');
  a.href = url;
  a.download = `terminal-${s.id}.txt`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Rows({ rows, onEnd }: { rows: Session[]; onEnd?: (id: string) => void }) {
  return (
    <>
      {rows.map((s) => (
        <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800" data-testid="remote-session-row">
          <td className="px-4 py-2">
            <Link className="text-blue-700 hover:underline dark:text-blue-400" href={`/devices/${s.deviceId}`}>
              {s.deviceHostname ?? s.deviceId}
            </Link>
          </td>
          <td className="px-4 py-2">{s.type}</td>
          <td className="px-4 py-2">
            <Badge tone={TONE[s.status]}>{s.status}</Badge>
          </td>
          <td className="px-4 py-2">{s.userEmail ?? '—'}</td>
          <td className="px-4 py-2 whitespace-nowrap">{new Date(s.createdAt).toLocaleString()}</td>
          <td className="px-4 py-2">{duration(s)}</td>
          <td className="px-4 py-2">{s.endReason ?? ''}</td>
          <td className="px-4 py-2 text-right">
            {s.transcript && (
              <Button variant="secondary" onClick={() => void download(s)}>
                Transcript ({Math.ceil(s.transcript.bytes / 1024)} KB{s.transcript.truncated ? ', cut' : ''})
              </Button>
            )}
            {onEnd && (
              <Button variant="secondary" onClick={() => onEnd(s.id)}>
                End
              </Button>
            )}
          </td>
        </tr>
      ))}
    </>
  );
}

const COLUMNS = ['Device', 'Type', 'Status', 'Opened by', 'Opened', 'Duration', 'Reason', { label: 'Actions', hidden: true }];

export function RemoteSessionsView() {
  const qc = useQueryClient();
  const canEnd = useCan('devices:execute');
  const [page, setPage] = useState(1);
  const open = useQuery({ queryKey: ['remote-sessions', 'open'], queryFn: () => api<Wire<typeof ZRemoteSessionPage>>('/remote/sessions?limit=100'), refetchInterval: 10_000 });
  const history = useQuery({ queryKey: ['remote-sessions', 'history', page], queryFn: () => api<Wire<typeof ZRemoteSessionPage>>(`/remote/sessions/history?page=${page}&limit=25`) });
  const tunnels = useTunnels();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['remote-sessions'] });
  const end = useMutation({ mutationFn: (id: string) => api(`/remote/sessions/${id}/end`, { method: 'POST', body: {} }), onSuccess: refresh });
  const stale = useMutation({ mutationFn: () => api<{ ended: number }>('/remote/sessions/stale', { method: 'DELETE' }), onSuccess: refresh });

  return (
    <div className="space-y-4">
      <PageHeader
        title="Remote sessions"
        description="Terminal and desktop sessions and web tunnels on devices. Open a terminal from a device’s Terminal tab, a web interface from its Web UI tab."
        actions={
          canEnd ? (
            <Button variant="secondary" onClick={() => stale.mutate()} disabled={stale.isPending}>
              End stale sessions
            </Button>
          ) : undefined
        }
      />
      {stale.data && <p role="status">{stale.data.ended} stale session(s) ended.</p>}
      <Card title="Open now">
        {open.isError ? (
          <ErrorText error={open.error} />
        ) : open.data && open.data.data.length === 0 ? (
          <EmptyState title="No open sessions" />
        ) : (
          <DataTable label="Open remote sessions" columns={COLUMNS}>
            <Rows rows={open.data?.data ?? []} onEnd={canEnd ? (id) => end.mutate(id) : undefined} />
          </DataTable>
        )}
      </Card>
      <Card title="Web tunnels">
        {tunnels.isError ? (
          <ErrorText error={tunnels.error} />
        ) : tunnels.data && tunnels.data.data.length === 0 ? (
          <EmptyState title="No open tunnels" />
        ) : (
          <DataTable label="Open web tunnels" columns={['Device', ...TUNNEL_COLUMNS]}>
            <TunnelRows tunnels={tunnels.data?.data ?? []} showDevice />
          </DataTable>
        )}
      </Card>
      <Card title="History">
        {history.isError ? (
          <ErrorText error={history.error} />
        ) : history.data && history.data.data.length === 0 ? (
          <EmptyState title="No ended sessions yet" />
        ) : (
          <>
            <DataTable label="Remote session history" testId="remote-history" columns={COLUMNS}>
              <Rows rows={history.data?.data ?? []} />
            </DataTable>
            {history.data && <Pager page={page} total={history.data.pagination.total} limit={25} onPage={setPage} />}
          </>
        )}
      </Card>
    </div>
  );
}
