'use client';

// One notification channel: its (masked) configuration, a synchronous test send with the
// provider's answer, edit and delete.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CHANNEL_KIND_LABELS, useChannel, useDeleteChannel, useTestChannel, type ChannelTestResult } from '@/hooks/use-alert-config';
import { useCan } from '@/hooks/use-me';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, PageHeader } from '@/components/ui/controls';
import { ChannelForm } from '@/components/alerts/channel-form';
import { LastTest } from '@/components/alerts/channels-view';
import { ConfirmButton, EnabledBadge, messageOf, useScopeName } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';

const LABELS: Record<string, string> = {
  recipients: 'Recipients',
  webhookUrl: 'Webhook URL',
  url: 'URL',
  hasSecret: 'Signing secret',
  routingKey: 'Routing key',
  eventsUrl: 'Events API URL',
  provider: 'Provider',
  accountSid: 'Account SID',
  authToken: 'Auth token',
  fromNumber: 'From',
  toNumbers: 'To',
  baseUrl: 'Provider API URL',
};

function show(key: string, v: unknown): string {
  if (key === 'hasSecret') return v ? 'set' : 'not set';
  if (key === 'routingKey' || key === 'authToken') return `set (${String(v)})`;
  if (Array.isArray(v)) return v.join(', ');
  return String(v ?? '—');
}

function TestOutcome({ r }: { r: ChannelTestResult }) {
  return (
    <div role="status" data-testid="channel-test-result" className={`rounded-md p-3 text-sm ${r.ok ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'}`}>
      <p className="font-medium">{r.ok ? 'Test message delivered' : 'Test message failed'}</p>
      <p>
        {r.status !== null ? `HTTP ${r.status} · ` : ''}
        {r.durationMs} ms
      </p>
      {r.error && <pre className="mt-1 max-h-40 overflow-auto text-xs whitespace-pre-wrap">{r.error}</pre>}
    </div>
  );
}

export function ChannelDetail({ id }: { id: string }) {
  const channel = useChannel(id);
  const canWrite = useCan('alerts:write');
  const test = useTestChannel(id);
  const remove = useDeleteChannel();
  const router = useRouter();
  const scopeName = useScopeName();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const c = channel.data;
  useBreadcrumbLabel(id, c?.name);

  if (channel.isError) return <ErrorText error={channel.error} />;
  if (!c) return <p role="status">Loading…</p>;

  return (
    <div className="space-y-4">
      <PageHeader
        title={c.name}
        description={`${CHANNEL_KIND_LABELS[c.kind]} · ${scopeName(c.orgId)}`}
        actions={
          <>
            <EnabledBadge enabled={c.enabled} />
            {canWrite && (
              <>
                <Button
                  disabled={test.isPending}
                  onClick={() => {
                    setError(null);
                    test.mutate(undefined, { onError: (e) => setError(messageOf(e)) });
                  }}
                >
                  {test.isPending ? 'Sending…' : 'Send test'}
                </Button>
                {!editing && (
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                )}
                <ConfirmButton
                  label="Delete"
                  title={`Delete channel ${c.name}?`}
                  confirmLabel="Delete channel"
                  busy={remove.isPending}
                  onConfirm={() => remove.mutateAsync(id).then(() => router.push('/alerts/channels'), (e) => setError(messageOf(e)))}
                >
                  Policies stop sending to it.
                </ConfirmButton>
              </>
            )}
          </>
        }
      />
      <FormError message={error} />
      {test.data && <TestOutcome r={test.data} />}
      {editing ? (
        <ChannelForm channel={c} onDone={() => setEditing(false)} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card title="Configuration">
            <dl className="space-y-1 text-sm">
              {Object.entries(c.config).map(([k, v]) => (
                <div key={k} className="flex gap-2">
                  <dt className="w-36 shrink-0 text-slate-500">{LABELS[k] ?? k}</dt>
                  <dd className="min-w-0 font-mono text-xs break-all">{show(k, v)}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card title="Last test">
            <div className="space-y-1 text-sm">
              <LastTest c={c} />
              {c.lastTestAt && <p className="text-slate-500">{formatDate(c.lastTestAt)}</p>}
              {c.lastError && <pre className="max-h-40 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap dark:bg-slate-800">{c.lastError}</pre>}
              {!c.lastTestAt && <p className="text-slate-500">Send a test to check the settings before a real alert needs them.</p>}
            </div>
          </Card>
        </div>
      )}
    </div>
  );
}
