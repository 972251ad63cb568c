'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { installCommand, installCommandWindows, useCreateEnrollmentKey, useDeleteEnrollmentKey, useEnrollmentKeys, useRefreshEnrollmentKeys, useRotateEnrollmentKey, type EnrollmentKeyWithSecret } from '@/hooks/use-enrollment-keys';
import { useAllOrganizations, useSites } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { formatDate, formatRelative } from '@/lib/client/format';
import { useRecentDevices } from '@/hooks/use-devices';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, CopyButton, EmptyState, ErrorText, PageHeader, Pager, SelectField, StatusBadge } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';

/** The newest devices of the key's organization, polled while the one-liner is on screen. */
function NewDevices({ orgId, since }: { orgId: string; since: string }) {
  const devices = useRecentDevices(orgId);
  const fresh = devices.data?.devices.filter((d) => d.enrolledAt && d.enrolledAt >= since) ?? [];
  const refreshKeys = useRefreshEnrollmentKeys();
  // A new enrollment changes the key's usage count in the list below.
  useEffect(() => {
    if (fresh.length) refreshKeys();
  }, [fresh.length, refreshKeys]);
  return (
    <div aria-live="polite" className="space-y-2" data-testid="new-devices">
      {fresh.length === 0 ? (
        <p className="text-sm text-slate-500">Waiting for a device to enroll with this key…</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {fresh.map((d) => (
            <li key={d.id} className="flex items-center gap-2">
              <StatusBadge status={d.status} />
              <Link href={`/devices/${d.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                {d.hostname}
              </Link>
              <span className="text-xs text-slate-500">enrolled {formatRelative(d.enrolledAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Secret({ created, baseUrl }: { created: EnrollmentKeyWithSecret & { shownAt: string }; baseUrl?: string }) {
  const cmd = installCommand(created.key, created.enrollmentSecret, baseUrl);
  const winCmd = installCommandWindows(created.key, created.enrollmentSecret, baseUrl);
  return (
    <Card title={`Key “${created.name}” created`}>
      <div className="space-y-3">
        <p className="text-sm text-amber-700 dark:text-amber-300">Copy the key now: it is not shown again.</p>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1 font-mono text-sm dark:bg-slate-800" data-testid="enrollment-key">
            {created.key}
          </code>
          <CopyButton text={created.key} label="Copy key" />
        </div>
        {created.enrollmentSecret && (
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1 font-mono text-sm dark:bg-slate-800">{created.enrollmentSecret}</code>
            <CopyButton text={created.enrollmentSecret} label="Copy secret" />
          </div>
        )}
        {[
          { os: 'Linux', how: 'as root: installs a systemd service', cmd, testId: 'install-command' },
          { os: 'macOS', how: 'in Terminal, as an administrator: installs a launchd daemon', cmd, testId: 'install-command-macos' },
          { os: 'Windows', how: 'in PowerShell run as administrator: installs a Windows service', cmd: winCmd, testId: 'install-command-windows' },
        ].map((o) => (
          <div key={o.os}>
            <div className="mb-1 text-sm font-medium">
              Install on {o.os} <span className="font-normal text-slate-500 dark:text-slate-400">({o.how})</span>
            </div>
            <div className="flex items-start gap-2">
              <pre className="min-w-0 flex-1 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100" data-testid={o.testId}>
                {o.cmd}
              </pre>
              <CopyButton text={o.cmd} label={`Copy ${o.os} command`} />
            </div>
          </div>
        ))}
        <NewDevices orgId={created.orgId} since={created.shownAt} />
      </div>
    </Card>
  );
}

/** baseUrl: the service's public base URL, for the install one-liner. */
export function EnrollmentKeysView({ baseUrl }: { baseUrl?: string } = {}) {
  const params = useSearchParams();
  const { orgId: currentOrg } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const [creating, setCreating] = useState(params.get('create') === '1');
  const [formOrg, setFormOrg] = useState<string>(params.get('orgId') ?? '');
  const [page, setPage] = useState(1);
  const [created, setCreated] = useState<(EnrollmentKeyWithSecret & { shownAt: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canWrite = useCan('devices:write');
  const orgForForm = formOrg || currentOrg || orgs.data?.[0]?.id || '';
  const sites = useSites({ orgId: orgForForm || undefined });
  const keys = useEnrollmentKeys({ orgId: currentOrg ?? undefined, page });
  const create = useCreateEnrollmentKey();
  const rotate = useRotateEnrollmentKey();
  const remove = useDeleteEnrollmentKey();
  const orgName = (id: string) => orgs.data?.find((o) => o.id === id)?.name ?? '—';

  async function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(null);
    const shownAt = new Date(Date.now() - 5_000).toISOString();
    try {
      const key = await create.mutateAsync({
        name: String(f.get('name')),
        orgId: orgForForm,
        siteId: String(f.get('siteId') || '') || undefined,
        maxUsage: f.get('maxUsage') ? Number(f.get('maxUsage')) : undefined,
        ttlMinutes: f.get('ttlDays') ? Math.round(Number(f.get('ttlDays')) * 1440) : undefined,
        issueEnrollmentSecret: f.get('secret') === 'on',
      });
      setCreated({ ...key, shownAt });
      setCreating(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not create the key');
    }
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title="Enrollment keys"
        description="A key lets agents join an organization (and optionally a site). Run the install command on each computer."
        actions={canWrite && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Cancel' : 'New key'}</Button>}
      />
      {creating && (
        <Card title="New enrollment key">
          {orgs.data && orgs.data.length === 0 ? (
            <EmptyState title="No organizations yet" action={<Link className="text-brand-700 underline" href="/organizations?create=1">Create an organization</Link>}>
              Keys enroll devices into an organization. Create one first.
            </EmptyState>
          ) : (
            <form onSubmit={onCreate} className="grid gap-3 md:grid-cols-2" aria-label="New enrollment key">
              <Field label="Name" name="name" required maxLength={255} autoFocus placeholder="Head office rollout" />
              <SelectField label="Organization" value={orgForForm} onChange={(e) => setFormOrg(e.target.value)} required>
                {orgs.data?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Site" name="siteId" defaultValue="">
                <option value="">Any (no site)</option>
                {sites.data?.data.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </SelectField>
              <Field label="Maximum enrollments" name="maxUsage" type="number" min={1} max={100000} hint="Empty for unlimited" />
              <Field label="Valid for (days)" name="ttlDays" type="number" min={1} max={365} step="any" hint="Empty for the server default" />
              <label className="flex items-center gap-2 self-end text-sm">
                <input type="checkbox" name="secret" /> Also issue a per-key enrollment secret
              </label>
              {error && <p role="alert" className="text-sm text-red-600 md:col-span-2">{error}</p>}
              <div className="md:col-span-2">
                <Button type="submit" disabled={create.isPending || !orgForForm}>
                  {create.isPending ? 'Creating…' : 'Create key'}
                </Button>
              </div>
            </form>
          )}
        </Card>
      )}
      {created && <Secret created={created} baseUrl={baseUrl} />}
      <ErrorText error={keys.error} />
      {keys.data && keys.data.data.length === 0 && !creating && (
        <EmptyState title="No enrollment keys" action={canWrite && <Button onClick={() => setCreating(true)}>Create a key</Button>}>
          Create a key to get the one-line install command for your devices.
        </EmptyState>
      )}
      {keys.data && keys.data.data.length > 0 && (
        <DataTable label="Enrollment keys" columns={['Name', 'Organization', 'Key', 'Used', 'Status', 'Expires', { label: 'Actions', hidden: true }]}>
          {keys.data.data.map((k) => (
            <tr key={k.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2 font-medium">{k.name}</td>
              <td className="px-4 py-2">{orgName(k.orgId)}</td>
              <td className="px-4 py-2 font-mono text-xs">{k.keyPrefix}…</td>
              <td className="px-4 py-2">
                {k.usageCount}
                {k.maxUsage ? ` / ${k.maxUsage}` : ''}
              </td>
              <td className="px-4 py-2">
                <StatusBadge status={k.status} />
              </td>
              <td className="px-4 py-2 text-slate-500">{formatDate(k.expiresAt)}</td>
              <td className="px-4 py-2 text-right whitespace-nowrap">
                {canWrite && (
                  <>
                    <button
                      type="button"
                      className="mr-3 text-xs text-brand-700 hover:underline dark:text-brand-100"
                      aria-label={`Rotate key ${k.name}`}
                      onClick={async () => {
                        if (!confirm(`Rotate ${k.name}? The old key stops working at once.`)) return;
                        const key = await rotate.mutateAsync(k.id);
                        setCreated({ ...key, shownAt: new Date().toISOString() });
                      }}
                    >
                      Rotate
                    </button>
                    <button
                      type="button"
                      className="text-xs text-red-600 hover:underline"
                      aria-label={`Delete key ${k.name}`}
                      onClick={() => {
                        if (confirm(`Delete ${k.name}?`)) remove.mutate(k.id);
                      }}
                    >
                      Delete
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ErrorText error={rotate.error ?? remove.error} />
      {keys.data && <Pager page={page} total={keys.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
