'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useDeleteWebhook, useDeliveries, useRetryDelivery, useTestWebhook, useUpdateWebhook, useWebhook, type Delivery } from '@/hooks/use-webhooks';
import { useCan } from '@/hooks/use-me';
import { changedFields, hasChanges } from '@/lib/client/changed-fields';
import { ApiError } from '@/lib/client/api-client';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { EventPicker } from '@/components/webhooks/webhooks-view';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Card, CopyButton, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager, StatusBadge } from '@/components/ui/controls';

export function WebhookDetail({ id }: { id: string }) {
  const hook = useWebhook(id);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const deliveries = useDeliveries(id, { page, status: status || undefined });
  const canManage = useCan('webhooks:manage');
  const test = useTestWebhook(id);
  const retry = useRetryDelivery(id);
  const update = useUpdateWebhook(id);
  const remove = useDeleteWebhook();
  const router = useRouter();
  const [viewing, setViewing] = useState<Delivery | null>(null);
  const [editingEvents, setEditingEvents] = useState<string[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const h = hook.data;
  useBreadcrumbLabel(id, h?.name);

  if (hook.isError) return <ErrorText error={hook.error} />;
  if (!h) return <p role="status">Loading…</p>;

  const onError = (err: unknown) => setMessage(err instanceof ApiError ? err.message : 'Request failed');

  return (
    <div className="space-y-4">
      <PageHeader
        title={h.name}
        description={h.url}
        actions={
          <>
            <StatusBadge status={h.status} />
            {canManage && (
              <>
                <Button
                  onClick={async () => {
                    setMessage(null);
                    try {
                      const r = await test.mutateAsync();
                      setMessage(r.message);
                      setStatus('');
                      setPage(1);
                    } catch (err) {
                      onError(err);
                    }
                  }}
                  disabled={test.isPending}
                >
                  Send test delivery
                </Button>
                <Button variant="secondary" onClick={() => update.mutate({ status: h.status === 'active' ? 'paused' : 'active' }, { onError })}>
                  {h.status === 'active' ? 'Pause' : 'Activate'}
                </Button>
                <Button
                  variant="danger"
                  onClick={async () => {
                    if (!confirm(`Delete webhook ${h.name}?`)) return;
                    await remove.mutateAsync(id).then(() => router.push('/webhooks'), onError);
                  }}
                >
                  Delete
                </Button>
              </>
            )}
          </>
        }
      />
      {message && (
        <p role="status" className="rounded-md bg-slate-100 p-2 text-sm dark:bg-slate-800">
          {message}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="Configuration">
          <dl className="space-y-1 text-sm">
            <div className="flex gap-2"><dt className="w-28 text-slate-500">Signing</dt><dd>{h.hasSecret ? 'HMAC-SHA256 secret set' : 'unsigned'}</dd></div>
            <div className="flex gap-2"><dt className="w-28 text-slate-500">Delivered</dt><dd>{h.successCount}</dd></div>
            <div className="flex gap-2"><dt className="w-28 text-slate-500">Failed</dt><dd>{h.failureCount}</dd></div>
            <div className="flex gap-2"><dt className="w-28 text-slate-500">Last success</dt><dd>{formatDate(h.lastSuccessAt)}</dd></div>
          </dl>
          <div className="mt-3 text-sm">
            <div className="mb-1 font-medium">Events</div>
            {editingEvents ? (
              <div className="space-y-2">
                <EventPicker value={editingEvents} onChange={setEditingEvents} />
                <div className="flex gap-2">
                  <Button disabled={update.isPending || !hasChanges({ events: h.events }, { events: editingEvents })} onClick={() => update.mutate(changedFields({ events: h.events }, { events: editingEvents }), { onSuccess: () => setEditingEvents(null), onError })}>
                    {hasChanges({ events: h.events }, { events: editingEvents }) ? 'Save events' : 'No changes'}
                  </Button>
                  <Button variant="secondary" onClick={() => setEditingEvents(null)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : (
              <>
                <ul className="flex flex-wrap gap-1">
                  {h.events.map((e) => (
                    <li key={e} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800">
                      {e}
                    </li>
                  ))}
                </ul>
                {canManage && (
                  <button type="button" className="mt-2 text-xs text-brand-700 hover:underline dark:text-brand-100" onClick={() => setEditingEvents(h.events)}>
                    Edit events
                  </button>
                )}
              </>
            )}
          </div>
        </Card>
        <Card
          title="Delivery history"
          className="lg:col-span-2"
          actions={
            <select aria-label="Delivery status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }} className={`${INPUT_CLASS} w-auto`}>
              <option value="">All</option>
              {['pending', 'delivered', 'retrying', 'failed'].map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          }
        >
          <ErrorText error={deliveries.error} />
          {deliveries.data && deliveries.data.data.length === 0 && <EmptyState title="No deliveries yet">Send a test delivery to check the endpoint.</EmptyState>}
          {deliveries.data && deliveries.data.data.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="deliveries">
                <thead className="text-left text-slate-500">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Event</th>
                    <th className="py-2 pr-3 font-medium">Status</th>
                    <th className="py-2 pr-3 font-medium">Response</th>
                    <th className="py-2 pr-3 font-medium">Attempt</th>
                    <th className="py-2 pr-3 font-medium">Created</th>
                    <th className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {deliveries.data.data.map((d) => (
                    <tr key={d.id} className="border-t border-slate-100 dark:border-slate-800">
                      <td className="py-2 pr-3 font-mono text-xs">{d.event}</td>
                      <td className="py-2 pr-3"><StatusBadge status={d.status} /></td>
                      <td className="py-2 pr-3 text-slate-500">{d.responseStatus ?? (d.errorMessage ? 'error' : '—')}{d.responseTimeMs !== null ? ` · ${d.responseTimeMs} ms` : ''}</td>
                      <td className="py-2 pr-3">{d.attempt}</td>
                      <td className="py-2 pr-3 text-slate-500">{formatDate(d.createdAt)}</td>
                      <td className="py-2 text-right whitespace-nowrap">
                        <button type="button" className="mr-3 text-xs text-brand-700 hover:underline dark:text-brand-100" onClick={() => setViewing(d)}>
                          View
                        </button>
                        {canManage && (d.status === 'failed' || d.status === 'retrying') && (
                          <button type="button" className="text-xs text-brand-700 hover:underline dark:text-brand-100" onClick={() => retry.mutate(d.id, { onSuccess: (r) => setMessage(r.message), onError })}>
                            Retry
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {deliveries.data && <Pager page={page} total={deliveries.data.pagination.total} limit={25} onPage={setPage} />}
        </Card>
      </div>
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing ? `Delivery of ${viewing.event}` : 'Delivery'} wide>
        {viewing && (
          <div className="space-y-3 text-sm" data-testid="delivery-viewer">
            <div className="flex flex-wrap gap-3">
              <StatusBadge status={viewing.status} />
              <span>Attempt {viewing.attempt}</span>
              {viewing.nextAttemptAt && <span>Next attempt {formatDate(viewing.nextAttemptAt)}</span>}
              {viewing.deliveredAt && <span>Delivered {formatDate(viewing.deliveredAt)}</span>}
            </div>
            <div>
              <div className="mb-1 flex items-center justify-between font-medium">
                Payload <CopyButton text={JSON.stringify(viewing.payload, null, 2)} />
              </div>
              <pre className="max-h-72 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100" data-testid="delivery-payload">
                {JSON.stringify(viewing.payload, null, 2)}
              </pre>
            </div>
            <div>
              <div className="mb-1 font-medium">Response {viewing.responseStatus ?? ''}</div>
              {viewing.errorMessage && <p className="text-red-600">{viewing.errorMessage}</p>}
              <pre className="max-h-48 overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">{viewing.responseBody || '(no body)'}</pre>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
