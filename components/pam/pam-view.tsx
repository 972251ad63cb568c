'use client';

// Privileged access: elevation requests from devices (approve or deny pending ones, revoke active
// ones) and the rules that decide requests at once.
import { useState } from 'react';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useCan } from '@/hooks/use-me';
import { useCreatePamRule, useDeletePamRule, useElevationRequests, usePamRules, useRespond, useRevoke, type ElevationRequest } from '@/hooks/use-pam';
import { useCurrentOrg } from '@/components/shell/current-org';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Badge, Card, EmptyState, ErrorText, FilterBar, PageHeader, Pager, SelectField, Tabs, type Tone } from '@/components/ui/controls';

const DEFAULTS = { tab: 'requests', status: '', page: '1' };
const CELL = 'px-4 py-2';
const STATUS_TONE: Record<string, Tone> = { pending: 'amber', approved: 'green', denied: 'red', revoked: 'red', completed: 'slate', expired: 'slate' };

export function PamView() {
  const [f, setF] = useUrlFilters(DEFAULTS);
  const tab = f.tab === 'rules' ? 'rules' : 'requests';
  return (
    <div className="min-w-0 space-y-4">
      <PageHeader title="Elevation requests" description="Users on managed devices ask to run one command as root (rmm-agent elevate). Rules decide at once; the rest wait here for a technician. An approval lasts a bounded time and can be revoked." />
      <Tabs
        label="Privileged access"
        tabs={[
          { id: 'requests', label: 'Requests' },
          { id: 'rules', label: 'Rules' },
        ]}
        value={tab}
        onChange={(t) => setF({ tab: t, page: '1' })}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'requests' ? <Requests status={f.status} page={Math.max(1, Number(f.page) || 1)} setF={setF} /> : <Rules />}
      </div>
    </div>
  );
}

function Requests({ status, page, setF }: { status: string; page: number; setF: (v: Partial<typeof DEFAULTS>) => void }) {
  const list = useElevationRequests({ status: status || undefined, page });
  const respond = useRespond();
  const revoke = useRevoke();
  const canManage = useCan('pam:manage');
  const rows = list.data?.data ?? [];
  const actions = (r: ElevationRequest) => {
    if (!canManage) return null;
    if (r.status === 'pending')
      return (
        <>
          <Button disabled={respond.isPending} onClick={() => respond.mutate({ id: r.id, decision: 'approve' })}>
            Approve<span className="sr-only"> {r.commandLine}</span>
          </Button>
          <Button variant="secondary" disabled={respond.isPending} onClick={() => respond.mutate({ id: r.id, decision: 'deny' })}>
            Deny<span className="sr-only"> {r.commandLine}</span>
          </Button>
        </>
      );
    if (r.status === 'approved')
      return (
        <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate(r.id)}>
          Revoke<span className="sr-only"> {r.commandLine}</span>
        </Button>
      );
    return null;
  };
  return (
    <>
      <FilterBar label="Filter elevation requests">
        <SelectField label="Status" value={status} onChange={(e) => setF({ status: e.target.value, page: '1' })}>
          <option value="">Any</option>
          {['pending', 'approved', 'denied', 'revoked', 'completed', 'expired'].map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </FilterBar>
      <ErrorText error={list.error ?? respond.error ?? revoke.error} />
      {list.data && rows.length === 0 ? (
        <EmptyState title="No elevation requests">Requests appear when a user runs `rmm-agent elevate -- command` on a managed device.</EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Elevation requests" columns={['Requested', 'Device', 'User', 'Command', 'Status', 'Expires', 'Actions']}>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100 align-top dark:border-slate-800" data-testid="elevation-row">
                <td className={CELL}>{new Date(r.createdAt).toLocaleString()}</td>
                <td className={CELL}>{r.hostname ?? r.deviceId}</td>
                <td className={CELL}>
                  {r.user}
                  <div className="text-xs text-slate-500 dark:text-slate-400">{r.groups.slice(0, 4).join(', ')}</div>
                </td>
                <td className={`${CELL} max-w-md break-all font-mono text-xs`}>
                  {r.commandLine}
                  <div className="text-slate-500 dark:text-slate-400">sha256 {r.sha256.slice(0, 16)}…{r.parentImage ? ` · from ${r.parentImage}` : ''}</div>
                </td>
                <td className={CELL}>
                  <Badge tone={STATUS_TONE[r.status] ?? 'slate'}>{r.status}</Badge>
                  {r.decidedBy && <div className="text-xs text-slate-500 dark:text-slate-400">by {r.decidedBy}</div>}
                </td>
                <td className={CELL}>{r.expiresAt ? new Date(r.expiresAt).toLocaleTimeString() : '—'}</td>
                <td className={`${CELL} space-x-2 whitespace-nowrap`}>{actions(r)}</td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={list.data.pagination.limit} onPage={(p) => setF({ page: String(p) })} />}
    </>
  );
}

function Rules() {
  const [page, setPage] = useState(1);
  const rules = usePamRules(page);
  const del = useDeletePamRule();
  const canManage = useCan('pam:manage');
  const rows = rules.data?.data ?? [];
  const match = (r: (typeof rows)[number]) =>
    (
      [
        ['signer', r.matchSigner],
        ['thumbprint', r.matchSignerThumbprint],
        ['signer group', r.matchSignerGroupId],
        ['hash', r.matchHash],
        ['path', r.matchPathGlob],
        ['parent', r.matchParentImage],
        ['command', r.matchCommandLine],
        ['user', r.matchUser],
        ['group', r.matchAdGroup],
      ] as const
    )
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}: ${v}`)
      .join(' · ');
  return (
    <>
      {canManage && <NewRule />}
      <ErrorText error={rules.error ?? del.error} />
      {rules.data && rows.length === 0 ? (
        <EmptyState title="No elevation rules">Without rules every request gets the organization’s default verdict (pending: a technician decides).</EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Elevation rules" columns={['Priority', 'Name', 'Verdict', 'Matches', 'Duration', 'Actions']}>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className={CELL}>{r.priority}</td>
                <td className={`${CELL} font-medium`}>
                  {r.name} {!r.enabled && <Badge>disabled</Badge>}
                </td>
                <td className={CELL}>
                  <Badge tone={r.verdict === 'approve' ? 'green' : 'red'}>{r.verdict}</Badge>
                </td>
                <td className={`${CELL} break-all font-mono text-xs`}>{match(r)}</td>
                <td className={CELL}>{r.verdict === 'approve' ? `${r.durationMinutes} min` : '—'}</td>
                <td className={CELL}>
                  {canManage && (
                    <Button variant="secondary" disabled={del.isPending} onClick={() => del.mutate(r.id)}>
                      Delete<span className="sr-only"> rule {r.name}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {rules.data && <Pager page={page} total={rules.data.pagination.total} limit={rules.data.pagination.limit} onPage={setPage} />}
    </>
  );
}

function NewRule() {
  const { orgId: currentOrg } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const create = useCreatePamRule();
  const [form, setForm] = useState({ orgId: '', name: '', verdict: 'approve' as 'approve' | 'deny', matchPathGlob: '', matchCommandLine: '', matchUser: '', matchAdGroup: '', matchHash: '' });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const orgId = form.orgId || currentOrg || orgs.data?.[0]?.id || '';
  const optional = (v: string) => v.trim() || undefined;
  const submit = () =>
    create.mutate(
      { orgId: orgId || undefined, name: form.name, verdict: form.verdict, matchPathGlob: optional(form.matchPathGlob), matchCommandLine: optional(form.matchCommandLine), matchUser: optional(form.matchUser), matchAdGroup: optional(form.matchAdGroup), matchHash: optional(form.matchHash) },
      { onSuccess: () => setForm({ ...form, name: '', matchPathGlob: '', matchCommandLine: '', matchUser: '', matchAdGroup: '', matchHash: '' }) },
    );
  return (
    <Card title="New rule">
      <form
        className="grid gap-3 md:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SelectField label="Organization" value={orgId} onChange={set('orgId')}>
          {(orgs.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <Field label="Name" required value={form.name} onChange={set('name')} />
        <SelectField label="Verdict" value={form.verdict} onChange={set('verdict')}>
          <option value="approve">Approve</option>
          <option value="deny">Deny</option>
        </SelectField>
        <Field label="Executable path glob" placeholder="/usr/bin/*" value={form.matchPathGlob} onChange={set('matchPathGlob')} />
        <Field label="Command line (substring or glob)" value={form.matchCommandLine} onChange={set('matchCommandLine')} />
        <Field label="SHA-256" value={form.matchHash} onChange={set('matchHash')} />
        <Field label="User" value={form.matchUser} onChange={set('matchUser')} />
        <Field label="Group" value={form.matchAdGroup} onChange={set('matchAdGroup')} />
        <div className="flex items-end">
          <Button type="submit" disabled={create.isPending || !form.name}>
            Add rule
          </Button>
        </div>
        <FormError message={create.error instanceof Error ? create.error.message : null} className="md:col-span-3" />
      </form>
    </Card>
  );
}
