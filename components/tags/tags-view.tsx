'use client';

// Device tags: every tag in scope with its device count; a tag opens its devices. Tags live on
// devices (PATCH /devices/:id), so renaming or removing a tag rewrites each device carrying it.
import Link from 'next/link';
import { useState } from 'react';
import { useTaggedDevices, useTags } from '@/hooks/use-groups';
import { useRefreshDevicesAndTags, type Device } from '@/hooks/use-devices';
import type { Page } from '@/hooks/use-api';
import { useCan } from '@/hooks/use-me';
import { api } from '@/lib/client/api-client';
import { messageOf } from '@/lib/client/field-errors';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, EmptyState, ErrorText, PageHeader, Pager, StatusBadge } from '@/components/ui/controls';

async function devicesWithTag(tag: string): Promise<Device[]> {
  const out: Device[] = [];
  for (let page = 1; page <= 100; page++) {
    const res = await api<Page<Device>>('/tags/devices', { query: { tags: tag, page, limit: 1000 } });
    out.push(...res.data);
    if (out.length >= res.pagination.total || res.data.length === 0) break;
  }
  return out;
}

export function TagsView() {
  const { orgId } = useCurrentOrg();
  const tags = useTags(orgId ?? undefined);
  const canWrite = useCan('devices:write');
  const [selected, setSelected] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const list = (tags.data?.data ?? []).filter((t) => t.tag.toLowerCase().includes(filter.toLowerCase()));

  return (
    <div className="space-y-4">
      <PageHeader title="Tags" description="Labels on devices. Filter the device list by them, or use them in dynamic group rules." />
      <ErrorText error={tags.error} />
      {tags.data && tags.data.data.length === 0 && (
        <EmptyState title="No tags yet">
          Tag a device from its page (Overview → Edit → Tags), then group devices by tag with a{' '}
          <Link href="/groups" className="text-brand-700 underline dark:text-brand-100">
            dynamic group
          </Link>
          .
        </EmptyState>
      )}
      {tags.data && tags.data.data.length > 0 && (
        <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
          <Card title="All tags">
            <Field label="Filter tags" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
            <ul className="mt-3 space-y-1 text-sm">
              {list.map((t) => (
                <li key={t.tag}>
                  <button
                    type="button"
                    aria-pressed={selected === t.tag}
                    onClick={() => setSelected(t.tag)}
                    className={`flex w-full items-center justify-between rounded px-2 py-1.5 text-left ${selected === t.tag ? 'bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
                  >
                    <span>{t.tag}</span>
                    <span className="text-xs text-slate-500">{t.deviceCount}</span>
                  </button>
                </li>
              ))}
            </ul>
          </Card>
          {selected ? <TagDevices key={selected} tag={selected} canWrite={canWrite} onGone={() => setSelected(null)} /> : <EmptyState title="Choose a tag">Its devices are listed here; you can rename the tag or remove it from devices.</EmptyState>}
        </div>
      )}
    </div>
  );
}

function TagDevices({ tag, canWrite, onGone }: { tag: string; canWrite: boolean; onGone: () => void }) {
  const refresh = useRefreshDevicesAndTags();
  const [page, setPage] = useState(1);
  const devices = useTaggedDevices([tag], 'any', page);
  const [rename, setRename] = useState(tag);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  /** Rewrites the tag list of every device carrying the tag (one PATCH each). */
  async function rewrite(label: string, next: (tags: string[]) => string[], targets?: Device[]) {
    setMessage(null);
    setBusy(label);
    try {
      const all = targets ?? (await devicesWithTag(tag));
      for (const d of all) await api(`/devices/${d.id}`, { method: 'PATCH', body: { tags: [...new Set(next(d.tags))] } });
      refresh();
      setMessage({ ok: true, text: `${label}: ${all.length} device${all.length === 1 ? '' : 's'} updated.` });
      return true;
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, 'Could not update the devices') });
      return false;
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title={`Devices tagged “${tag}”`}>
      {canWrite && (
        <div className="mb-4 flex flex-wrap items-end gap-2">
          <div className="w-56">
            <Field label="Rename tag" value={rename} onChange={(e) => setRename(e.target.value)} maxLength={100} />
          </div>
          <Button
            variant="secondary"
            disabled={!rename.trim() || rename.trim() === tag || busy !== null}
            onClick={async () => {
              const to = rename.trim();
              if (confirm(`Rename “${tag}” to “${to}” on every device carrying it?`) && (await rewrite('Renamed', (t) => t.map((x) => (x === tag ? to : x))))) onGone();
            }}
          >
            Rename
          </Button>
          <Button
            variant="danger"
            disabled={busy !== null}
            onClick={async () => {
              if (confirm(`Remove “${tag}” from every device carrying it?`) && (await rewrite('Removed', (t) => t.filter((x) => x !== tag)))) onGone();
            }}
          >
            Remove from all devices
          </Button>
        </div>
      )}
      {busy && (
        <p role="status" className="mb-2 text-sm text-slate-500">
          Updating devices…
        </p>
      )}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mb-2 text-sm ${message.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600'}`}>
          {message.text}
        </p>
      )}
      <ErrorText error={devices.error} />
      {devices.data && (
        <table className="w-full text-sm">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">Device</th>
              <th className="py-2 pr-4 font-medium">Status</th>
              <th className="py-2 pr-4 font-medium">Other tags</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {devices.data.data.map((d) => (
              <tr key={d.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-2 pr-4">
                  <Link href={`/devices/${d.id}`} className="font-medium hover:underline">
                    {d.displayName ?? d.hostname}
                  </Link>
                </td>
                <td className="py-2 pr-4">
                  <StatusBadge status={d.status} />
                </td>
                <td className="py-2 pr-4 text-slate-500">{d.tags.filter((t) => t !== tag).join(', ') || '—'}</td>
                <td className="py-2 text-right text-xs">
                  {canWrite && (
                    <button
                      type="button"
                      className="text-red-600 hover:underline"
                      aria-label={`Remove ${tag} from ${d.hostname}`}
                      disabled={busy !== null}
                      onClick={() => {
                        if (confirm(`Remove “${tag}” from ${d.hostname}?`)) void rewrite('Removed', (t) => t.filter((x) => x !== tag), [d]);
                      }}
                    >
                      Remove tag
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {devices.data && <Pager page={page} total={devices.data.pagination.total} limit={devices.data.pagination.limit} onPage={setPage} />}
    </Card>
  );
}
