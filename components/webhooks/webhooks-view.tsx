'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { EVENT_TYPES } from '@/lib/events/catalogue';
import { useCreateWebhook, useWebhooks } from '@/hooks/use-webhooks';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan, useMe } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { formatRelative } from '@/lib/client/format';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager, StatusBadge } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';

const GROUPS = [...new Set(EVENT_TYPES.map((e) => e.split('.')[0]))];

export function EventPicker({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const toggle = (e: string) => onChange(value.includes(e) ? value.filter((x) => x !== e) : [...value, e]);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Events</legend>
      <div className="grid max-h-64 gap-3 overflow-y-auto rounded-md border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-700">
        {GROUPS.map((g) => (
          <div key={g}>
            <div className="text-xs font-semibold text-slate-500 uppercase">{g}</div>
            {EVENT_TYPES.filter((e) => e.startsWith(`${g}.`)).map((e) => (
              <label key={e} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={value.includes(e)} onChange={() => toggle(e)} />
                {e}
              </label>
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

export function WebhooksView() {
  const me = useMe();
  const { orgId: current } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const [picked, setPicked] = useState('');
  const orgId = me.data?.scope === 'organization' ? (me.data.orgId ?? undefined) : picked || current || orgs.data?.[0]?.id;
  const [page, setPage] = useState(1);
  const hooks = useWebhooks({ orgId, page });
  const canManage = useCan('webhooks:manage');
  const create = useCreateWebhook();
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [events, setEvents] = useState<string[]>(['device.online', 'device.offline']);
  const [error, setError] = useState<string | null>(null);

  async function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(null);
    if (events.length === 0) {
      setError('Pick at least one event');
      return;
    }
    try {
      const hook = await create.mutateAsync({
        name: String(f.get('name')),
        url: String(f.get('url')),
        secret: String(f.get('secret') || '') || undefined,
        events,
        orgId: me.data?.scope === 'organization' ? undefined : orgId,
      });
      setCreating(false);
      router.push(`/webhooks/${hook.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not create the webhook');
    }
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title="Webhooks"
        description="Signed HTTP POSTs to your systems when events happen in an organization."
        actions={
          <>
            {me.data?.scope !== 'organization' && (
              <select aria-label="Organization" value={orgId ?? ''} onChange={(e) => setPicked(e.target.value)} className={`${INPUT_CLASS} w-auto`}>
                {orgs.data?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
            <Link href="/webhooks/dead-letters" className="rounded-md border border-slate-300 px-3.5 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
              Dead letters
            </Link>
            {canManage && orgId && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Cancel' : 'New webhook'}</Button>}
          </>
        }
      />
      {orgs.data && orgs.data.length === 0 && (
        <EmptyState title="No organizations yet" action={<Link className="text-brand-700 underline" href="/organizations?create=1">Create an organization</Link>}>
          Webhooks belong to an organization.
        </EmptyState>
      )}
      {creating && (
        <Card title="New webhook">
          <form onSubmit={onCreate} className="space-y-3" aria-label="New webhook">
            <div className="grid gap-3 md:grid-cols-2">
              <Field label="Name" name="name" required maxLength={255} autoFocus />
              <Field label="URL" name="url" type="url" required placeholder="https://example.com/hooks/rmm" />
              <Field label="Signing secret" name="secret" type="password" autoComplete="new-password" hint="Optional; deliveries carry X-Service-Signature (HMAC-SHA256)" />
            </div>
            <EventPicker value={events} onChange={setEvents} />
            {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create webhook'}
            </Button>
          </form>
        </Card>
      )}
      <ErrorText error={hooks.error} />
      {hooks.data && hooks.data.data.length === 0 && !creating && (
        <EmptyState title="No webhooks for this organization" action={canManage && <Button onClick={() => setCreating(true)}>Add a webhook</Button>}>
          Add one to send device and ticket events to your PSA, chat or automation.
        </EmptyState>
      )}
      {hooks.data && hooks.data.data.length > 0 && (
        <DataTable label="Webhooks" columns={['Name', 'URL', 'Events', 'Status', 'Last delivery']}>
          {hooks.data.data.map((h) => (
            <tr key={h.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link href={`/webhooks/${h.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {h.name}
                </Link>
              </td>
              <td className="max-w-xs truncate px-4 py-2 font-mono text-xs">{h.url}</td>
              <td className="px-4 py-2 text-slate-500">{h.events.length}</td>
              <td className="px-4 py-2"><StatusBadge status={h.status} /></td>
              <td className="px-4 py-2 text-slate-500">{formatRelative(h.lastDeliveryAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {hooks.data && <Pager page={page} total={hooks.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
