'use client';

// One device group: members (remove from a static group; pin in or out of a dynamic one), the
// rules of a dynamic group with a live preview of who would join or leave, and the membership log.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useAddGroupDevices, useDeleteGroup, useGroup, useGroupDevices, useGroupPreview, useMembershipLog, usePinDevice, useRemoveGroupDevice, useUpdateGroup, type Group, type GroupRulesDraft } from '@/hooks/use-groups';
import { useGroupCandidateDevices, type Device } from '@/hooks/use-devices';
import { useSites } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { sameValue } from '@/lib/client/changed-fields';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ErrorText, PageHeader, Pager, StatusBadge, Tabs } from '@/components/ui/controls';
import { conditionErrorsOf, describeRules, GROUP_RULE_FIELDS, RuleEditor, rulesComplete } from '@/components/device-filters/rule-editor';

type Tab = 'members' | 'rules' | 'log';

export function GroupDetail({ id }: { id: string }) {
  const group = useGroup(id);
  const remove = useDeleteGroup();
  const router = useRouter();
  const canWrite = useCan('devices:write');
  const [tab, setTab] = useState<Tab>('members');
  useBreadcrumbLabel(id, group.data?.name);
  if (group.isError) return <ErrorText error={group.error} />;
  if (!group.data) return <p role="status">Loading…</p>;
  const g = group.data;
  const tabs: { id: Tab; label: string }[] = [{ id: 'members', label: `Members (${g.deviceCount})` }, ...(g.type === 'dynamic' ? [{ id: 'rules' as const, label: 'Rules and preview' }] : []), { id: 'log', label: 'Membership log' }];

  return (
    <div className="space-y-4">
      <PageHeader
        title={g.name}
        description={g.description ?? (g.type === 'dynamic' ? 'Dynamic group: members follow the rules.' : 'Static group: members are added by hand.')}
        actions={
          <>
            <Badge tone={g.type === 'dynamic' ? 'blue' : 'slate'}>{g.type}</Badge>
            {canWrite && (
              <Button
                variant="danger"
                onClick={() => {
                  if (confirm(`Delete the group ${g.name}? Its memberships, pins and log go with it; the devices stay.`)) remove.mutate(id, { onSuccess: () => router.push('/groups') });
                }}
              >
                Delete group
              </Button>
            )}
          </>
        }
      />
      <ErrorText error={remove.error} />
      <Tabs label="Group sections" tabs={tabs} value={tab} onChange={setTab} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'members' && <Members group={g} canWrite={canWrite} />}
        {tab === 'rules' && g.type === 'dynamic' && <Rules group={g} canWrite={canWrite} />}
        {tab === 'log' && <MembershipLog id={id} />}
      </div>
    </div>
  );
}

function Members({ group: g, canWrite }: { group: Group; canWrite: boolean }) {
  const [page, setPage] = useState(1);
  const devices = useGroupDevices(g.id, page);
  const removeDevice = useRemoveGroupDevice(g.id);
  const pin = usePinDevice(g.id);
  const [error, setError] = useState<string | null>(null);
  const list = devices.data?.data ?? [];
  const act = (p: Promise<unknown>) => p.catch((err) => setError(messageOf(err, 'The action failed')));

  return (
    <div className="space-y-4">
      {canWrite && <AddDevices group={g} />}
      <Card title="Members">
        <ErrorText error={devices.error} />
        {error && (
          <p role="alert" className="mb-2 text-sm text-red-600">
            {error}
          </p>
        )}
        {devices.data && list.length === 0 && (
          <EmptyState title="No members">{g.type === 'dynamic' ? 'No device matches the rules. Adjust them on the Rules tab (the preview shows who would join), or pin a device in.' : 'Add devices by hostname above.'}</EmptyState>
        )}
        {list.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="group-members">
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="py-2 pr-4 font-medium">Device</th>
                  <th className="py-2 pr-4 font-medium">Status</th>
                  <th className="py-2 pr-4 font-medium">Member by</th>
                  <th className="py-2 pr-4 font-medium">Since</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((d) => (
                  <tr key={d.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4">
                      <Link href={`/devices/${d.id}`} className="font-medium hover:underline">
                        {d.displayName ?? d.hostname}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">
                      <StatusBadge status={d.status} />
                    </td>
                    <td className="py-2 pr-4">{d.pin ? <Badge tone="amber">pinned in</Badge> : d.membershipSource}</td>
                    <td className="py-2 pr-4 text-slate-500">{formatDate(d.joinedAt)}</td>
                    <td className="py-2 text-right text-xs whitespace-nowrap">
                      {canWrite && g.type === 'static' && (
                        <button
                          type="button"
                          className="text-red-600 hover:underline"
                          aria-label={`Remove ${d.hostname} from the group`}
                          onClick={() => {
                            if (confirm(`Remove ${d.hostname} from ${g.name}?`)) void act(removeDevice.mutateAsync(d.id));
                          }}
                        >
                          Remove
                        </button>
                      )}
                      {canWrite && g.type === 'dynamic' && (
                        <>
                          {d.pin && (
                            <button type="button" className="mr-3 hover:underline" aria-label={`Unpin ${d.hostname}`} onClick={() => void act(pin.mutateAsync({ deviceId: d.id, mode: null }))}>
                              Unpin
                            </button>
                          )}
                          <button
                            type="button"
                            className="text-red-600 hover:underline"
                            aria-label={`Pin ${d.hostname} out of the group`}
                            onClick={() => {
                              if (confirm(`Keep ${d.hostname} out of ${g.name} whatever the rules say?`)) void act(pin.mutateAsync({ deviceId: d.id, mode: 'exclude' }));
                            }}
                          >
                            Pin out
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {devices.data && <Pager page={page} total={devices.data.pagination.total} limit={devices.data.pagination.limit} onPage={setPage} />}
      </Card>
      {g.type === 'dynamic' && <ExcludedDevices group={g} canWrite={canWrite} />}
    </div>
  );
}

/**
 * Devices pinned out are not members, so the members table cannot unpin them: the latest log
 * page names the ones whose newest membership change was an exclude pin.
 */
function ExcludedDevices({ group: g, canWrite }: { group: Group; canWrite: boolean }) {
  const log = useMembershipLog(g.id, 1);
  const pin = usePinDevice(g.id);
  const entries = log.data?.data ?? []; // newest first
  const excluded = entries.filter((e, i) => e.reason === 'pin_exclude' && entries.findIndex((x) => x.deviceId === e.deviceId) === i);
  if (!excluded.length) return null;
  return (
    <Card title="Recently pinned out">
      <ul className="space-y-1 text-sm">
        {excluded.map((e) => (
          <li key={e.deviceId} className="flex items-center justify-between gap-2">
            <span>{e.hostname ?? e.deviceId}</span>
            {canWrite && (
              <button type="button" className="text-xs hover:underline" aria-label={`Unpin ${e.hostname ?? e.deviceId}`} onClick={() => pin.mutate({ deviceId: e.deviceId, mode: null })}>
                Unpin (rules decide)
              </button>
            )}
          </li>
        ))}
      </ul>
      <ErrorText error={pin.error} />
    </Card>
  );
}

function AddDevices({ group: g }: { group: Group }) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  const found = useGroupCandidateDevices(g.orgId, g.siteId, q);
  const add = useAddGroupDevices(g.id);
  const pin = usePinDevice(g.id);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function onAdd(d: Device) {
    setMessage(null);
    try {
      if (g.type === 'static') {
        const res = await add.mutateAsync([d.id]);
        setMessage(res.added.length ? { ok: true, text: `Added ${d.hostname}.` } : { ok: false, text: res.skipped[0]?.reason === 'ALREADY_MEMBER' ? `${d.hostname} is already a member.` : (res.failed[0]?.message ?? `${d.hostname} cannot join this group.`) });
      } else {
        await pin.mutateAsync({ deviceId: d.id, mode: 'include' });
        setMessage({ ok: true, text: `Pinned ${d.hostname} in: it stays a member whatever the rules say.` });
      }
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, 'Could not add the device') });
    }
  }

  return (
    <Card title={g.type === 'static' ? 'Add devices' : 'Pin a device in'}>
      <label htmlFor="group-device-search" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        Find a device by hostname
      </label>
      <input id="group-device-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="mt-1 block w-full max-w-md rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900" />
      {found.data && (
        <ul className="mt-2 max-w-md divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {found.data.devices.length === 0 && <li className="py-1 text-slate-500">No device of this organization matches.</li>}
          {found.data.devices.map((d) => (
            <li key={d.id} className="flex items-center justify-between py-1">
              <span>{d.hostname}</span>
              <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => void onAdd(d)} aria-label={`${g.type === 'static' ? 'Add' : 'Pin in'} ${d.hostname}`}>
                {g.type === 'static' ? 'Add' : 'Pin in'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorText error={found.error} />
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${message.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600'}`}>
          {message.text}
        </p>
      )}
    </Card>
  );
}

function Rules({ group: g, canWrite }: { group: Group; canWrite: boolean }) {
  const sites = useSites({ orgId: g.orgId });
  const [rules, setRules] = useState<GroupRulesDraft>(g.rules ?? { match: 'all', conditions: [] });
  const [debounced, setDebounced] = useState(rules);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(rules), 400);
    return () => clearTimeout(t);
  }, [rules]);
  const complete = rulesComplete(debounced);
  const preview = useGroupPreview(g.id, debounced, complete);
  const update = useUpdateGroup(g.id);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const dirty = !sameValue(rules, g.rules ?? { match: 'all', conditions: [] });
  const siteList = sites.data?.data ?? [];

  async function save() {
    setMessage(null);
    try {
      await update.mutateAsync({ rules });
      setMessage({ ok: true, text: 'Rules saved; membership was re-evaluated.' });
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, 'Could not save the rules') });
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Rules">
        {canWrite ? (
          <RuleEditor rules={rules} onChange={setRules} choices={{ sites: siteList }} fields={GROUP_RULE_FIELDS} errors={conditionErrorsOf(update.error, preview.error)} />
        ) : (
          <p className="text-sm">{describeRules(rules, { sites: siteList })}</p>
        )}
        {canWrite && (
          <div className="mt-3 flex gap-2">
            <Button onClick={() => void save()} disabled={!dirty || update.isPending}>
              Save rules
            </Button>
            <Button variant="secondary" onClick={() => setRules(g.rules ?? { match: 'all', conditions: [] })} disabled={!dirty}>
              Discard changes
            </Button>
          </div>
        )}
        {message && (
          <p role={message.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${message.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600'}`}>
            {message.text}
          </p>
        )}
      </Card>
      <Card title="Preview">
        {!complete && <p className="text-sm text-slate-500">Give every condition a value to see which devices match.</p>}
        {complete && preview.isError && <ErrorText error={preview.error} />}
        {complete && preview.data && (
          <div className="space-y-2" data-testid="group-preview" aria-busy={preview.isFetching}>
            <p className="text-sm" role="status">
              <strong>{preview.data.total}</strong> device{preview.data.total === 1 ? '' : 's'} would be members{dirty ? ' with these rules' : ''}: {preview.data.joinCount} joining, {preview.data.leaveCount} leaving.
            </p>
            {preview.data.devices.length > 0 ? (
              <ul className="max-h-80 divide-y divide-slate-100 overflow-auto text-sm dark:divide-slate-800">
                {preview.data.devices.map((d) => (
                  <li key={d.id} className="flex items-center justify-between py-1">
                    <span>{d.hostname}</span>
                    <span className="flex items-center gap-2">
                      {preview.data.joining.includes(d.id) && <Badge tone="green">joins</Badge>}
                      <StatusBadge status={d.status} />
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No device matches yet. Loosen a condition or switch to “any”.</p>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}

function MembershipLog({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const log = useMembershipLog(id, page);
  const list = log.data?.data ?? [];
  return (
    <Card title="Membership log">
      <ErrorText error={log.error} />
      {log.data && list.length === 0 && <EmptyState title="Nothing logged yet">Every join and leave is listed here with its reason once devices become members.</EmptyState>}
      {list.length > 0 && (
        <table className="w-full text-sm">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">When</th>
              <th className="py-2 pr-4 font-medium">Device</th>
              <th className="py-2 pr-4 font-medium">Change</th>
              <th className="py-2 font-medium">Reason</th>
            </tr>
          </thead>
          <tbody>
            {list.map((e) => (
              <tr key={e.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-2 pr-4 text-slate-500">{formatDate(e.createdAt)}</td>
                <td className="py-2 pr-4">{e.hostname ?? e.deviceId}</td>
                <td className="py-2 pr-4">
                  <Badge tone={e.action === 'joined' ? 'green' : 'amber'}>{e.action}</Badge>
                </td>
                <td className="py-2 text-slate-600 dark:text-slate-400">{e.reason.replace(/_/g, ' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.data && <Pager page={page} total={log.data.pagination.total} limit={log.data.pagination.limit} onPage={setPage} />}
    </Card>
  );
}
