'use client';

import { useState, type FormEvent } from 'react';
import { PARTNER_API_SCOPES, PARTNER_API_SCOPE_NAMES } from '@/lib/partner-api/scopes';
import { useCreateServicePrincipal, useRevokeServicePrincipal, useServicePrincipals, useUpdateServicePrincipal, type ServicePrincipal, type ServicePrincipalInput } from '@/hooks/use-service-principals';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useMe } from '@/hooks/use-me';
import { changedFields } from '@/lib/client/changed-fields';
import { fieldErrorsOf, formErrorOf, messageOf } from '@/lib/client/field-errors';
import { formatDate, formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Badge, Card, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager, StatusBadge, TextAreaField } from '@/components/ui/controls';
import { OneTimeSecret } from '@/components/ui/one-time-secret';
import { endOfDayIso, ScopePicker } from '@/components/settings/scope-picker';
import { DataTable } from '@/components/ui/data-table';

export function ServicePrincipalsView() {
  const me = useMe();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const list = useServicePrincipals({ page, status: status || undefined });
  const revoke = useRevokeServicePrincipal();
  const [editing, setEditing] = useState<ServicePrincipal | 'new' | null>(null);
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  if (me.data && (me.data.scope !== 'partner' || me.data.orgAccess !== 'all')) {
    return (
      <div className="space-y-4">
        <PageHeader title="Service principals" />
        <EmptyState title="Only for partner administrators">Service principals are managed by partner users with access to every organization. Ask your partner administrator.</EmptyState>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title="Service principals"
        description="Machine credentials for the partner API (/api/v1/partner-api/*): unattended provisioning of organizations, sites and enrollment keys, and exports."
        actions={
          <>
            <select aria-label="Status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }} className={`${INPUT_CLASS} w-auto`}>
              <option value="">All statuses</option>
              <option value="active">Active</option>
              <option value="expired">Expired</option>
              <option value="revoked">Revoked</option>
            </select>
            <Button onClick={() => setEditing(editing === 'new' ? null : 'new')}>{editing === 'new' ? 'Cancel' : 'New service principal'}</Button>
          </>
        }
      />
      {editing && (
        <PrincipalForm
          key={editing === 'new' ? 'new' : editing.id}
          principal={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            if (created) setSecret(created);
          }}
        />
      )}
      <ErrorText error={list.error} />
      {actionError && <p role="alert" className="text-sm text-red-600">{actionError}</p>}
      {list.data && list.data.data.length === 0 && !editing && (
        <EmptyState title={status ? `No ${status} service principals` : 'No service principals yet'} action={<Button onClick={() => setEditing('new')}>Create a service principal</Button>}>
          Create one per integration (PSA, provisioning script). To mint enrollment keys it needs an expiry and a source-address allowlist.
        </EmptyState>
      )}
      {list.data && list.data.data.length > 0 && (
        <DataTable label="Service principals" columns={['Name', 'Key', 'Scopes', 'Sources', 'Status', 'Expires', 'Last used', { label: 'Actions', hidden: true }]}>
          {list.data.data.map((p) => (
            <tr key={p.id} className="border-t border-slate-100 align-top dark:border-slate-800">
              <td className="px-4 py-2">
                <div className="font-medium">{p.name}</div>
                {p.description && <div className="text-xs text-slate-500">{p.description}</div>}
                <div className="text-xs text-slate-500">{p.orgAccess === 'all' ? 'Every organization' : `${p.orgIds.length} organization(s)`}</div>
              </td>
              <td className="px-4 py-2 font-mono text-xs">{p.prefix}…</td>
              <td className="px-4 py-2 text-slate-500">
                {p.scopes.join(', ')}
                {p.canMintEnrollmentKeys && <div className="mt-1"><Badge tone="blue">can mint enrollment keys</Badge></div>}
              </td>
              <td className="px-4 py-2 font-mono text-xs text-slate-500">{p.allowedCidrs.length ? p.allowedCidrs.join(', ') : 'any'}</td>
              <td className="px-4 py-2"><StatusBadge status={p.status} /></td>
              <td className="px-4 py-2 text-slate-500">{p.expiresAt ? formatDate(p.expiresAt) : 'Never'}</td>
              <td className="px-4 py-2 text-slate-500">
                {formatRelative(p.lastUsedAt)}
                {p.lastUsedIp && <div className="text-xs">{p.lastUsedIp}</div>}
              </td>
              <td className="px-4 py-2 whitespace-nowrap">
                {p.status !== 'revoked' && (
                  <>
                    <Button variant="secondary" className="mr-2 px-2.5 py-1 text-xs" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                      Edit
                    </Button>
                    <Button
                      variant="danger"
                      className="px-2.5 py-1 text-xs"
                      aria-label={`Revoke ${p.name}`}
                      disabled={revoke.isPending}
                      onClick={async () => {
                        if (!confirm(`Revoke ${p.name}? Its key stops working at once; this cannot be undone.`)) return;
                        setActionError(null);
                        try {
                          await revoke.mutateAsync(p.id);
                        } catch (err) {
                          setActionError(messageOf(err, 'Could not revoke the service principal'));
                        }
                      }}
                    >
                      Revoke
                    </Button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={50} onPage={setPage} />}
      <OneTimeSecret title={`Service principal “${secret?.name ?? ''}” created`} secret={secret?.key ?? null} onDone={() => setSecret(null)}>
        <p className="text-sm text-slate-500">
          Send it as <code className="font-mono">X-API-Key</code> on /api/v1/partner-api/* requests. It works nowhere else.
        </p>
      </OneTimeSecret>
    </div>
  );
}

function PrincipalForm({ principal, onCancel, onSaved }: { principal: ServicePrincipal | null; onCancel: () => void; onSaved: (created: { name: string; key: string } | null) => void }) {
  const orgs = useAllOrganizations();
  const create = useCreateServicePrincipal();
  const update = useUpdateServicePrincipal();
  const [scopes, setScopes] = useState<string[]>(principal?.scopes ?? []);
  const [selectedOrgs, setSelectedOrgs] = useState<string[] | null>(principal?.orgAccess === 'selected' ? principal.orgIds : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(null);
    setErrors({});
    if (scopes.length === 0) {
      setErrors({ scopes: 'Pick at least one scope' });
      return;
    }
    const expires = String(f.get('expiresAt') ?? '');
    const input: ServicePrincipalInput = {
      name: String(f.get('name')),
      description: String(f.get('description') ?? '').trim() || null,
      scopes,
      // An unchanged date keeps the exact stored expiry instead of moving it to the end of the day.
      expiresAt: principal?.expiresAt && expires === principal.expiresAt.slice(0, 10) ? principal.expiresAt : endOfDayIso(expires),
      allowedCidrs: String(f.get('allowedCidrs') ?? '').split(/[\s,]+/).filter(Boolean),
      writeLimitPerHour: Number(f.get('writeLimitPerHour') || 120),
      orgIds: selectedOrgs,
    };
    try {
      if (principal) {
        // Editing sends only what differs from the stored principal.
        const changes = changedFields<ServicePrincipalInput>(
          {
            name: principal.name,
            description: principal.description ?? null,
            scopes: principal.scopes,
            expiresAt: principal.expiresAt ?? null,
            allowedCidrs: principal.allowedCidrs,
            writeLimitPerHour: principal.writeLimitPerHour,
            orgIds: principal.orgAccess === 'selected' ? principal.orgIds : null,
          },
          input,
        );
        if (Object.keys(changes).length === 0) {
          setError('No changes to save.');
          return;
        }
        await update.mutateAsync({ id: principal.id, ...changes });
        onSaved(null);
      } else {
        const created = await create.mutateAsync(input);
        onSaved({ name: created.name, key: created.key });
      }
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(formErrorOf(err, ['name', 'expiresAt', 'description', 'allowedCidrs', 'writeLimitPerHour', 'scopes', 'orgIds'], 'Could not save the service principal'));
    }
  }

  return (
    <Card title={principal ? `Edit ${principal.name}` : 'New service principal'}>
      <form onSubmit={onSubmit} className="space-y-3" aria-label={principal ? 'Edit service principal' : 'New service principal'} noValidate>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Name" name="name" required maxLength={100} autoFocus defaultValue={principal?.name} error={errors.name} />
          <Field label="Expires on" name="expiresAt" type="date" defaultValue={principal?.expiresAt?.slice(0, 10) ?? ''} error={errors.expiresAt} hint="Empty: no expiry (then it cannot mint enrollment keys)" />
          <TextAreaField label="Description" name="description" rows={2} maxLength={1000} defaultValue={principal?.description ?? ''} error={errors.description} />
          <TextAreaField
            label="Allowed source addresses"
            name="allowedCidrs"
            rows={2}
            defaultValue={principal?.allowedCidrs.join('\n') ?? ''}
            error={errors.allowedCidrs}
            hint="IPv4/IPv6 addresses or CIDR ranges, one per line. Empty: any address (then it cannot mint enrollment keys)"
            className="font-mono"
          />
          <Field label="Write limit per hour" name="writeLimitPerHour" type="number" min={1} max={10000} defaultValue={principal?.writeLimitPerHour ?? 120} error={errors.writeLimitPerHour} hint="The effective budget is at most 120 writes per hour" />
        </div>
        <ScopePicker legend="Partner-API scopes" options={PARTNER_API_SCOPE_NAMES} value={scopes} onChange={setScopes} error={errors.scopes} describe={(s) => PARTNER_API_SCOPES[s as keyof typeof PARTNER_API_SCOPES]} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Organizations</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="orgScope" checked={selectedOrgs === null} onChange={() => setSelectedOrgs(null)} />
            Every organization of the partner
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="orgScope" checked={selectedOrgs !== null} onChange={() => setSelectedOrgs(principal?.orgIds ?? [])} />
            Only selected organizations (organizations it creates are added)
          </label>
          {selectedOrgs !== null && (
            <div className="grid max-h-48 gap-1 overflow-y-auto rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
              {orgs.data?.length === 0 && <p className="text-sm text-slate-500">No organizations yet.</p>}
              {orgs.data?.map((o) => (
                <label key={o.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={selectedOrgs.includes(o.id)} onChange={() => setSelectedOrgs(selectedOrgs.includes(o.id) ? selectedOrgs.filter((x) => x !== o.id) : [...selectedOrgs, o.id])} />
                  {o.name}
                </label>
              ))}
            </div>
          )}
          {errors.orgIds && <p role="alert" className="text-xs text-red-600">{errors.orgIds}</p>}
        </fieldset>
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
        <div className="flex gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : principal ? 'Save changes' : 'Create service principal'}
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
