'use client';

import { useState, type FormEvent } from 'react';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useRotateApiKey, type ApiKey } from '@/hooks/use-api-keys';
import { useMe } from '@/hooks/use-me';
import { fieldErrorsOf, formErrorOf, messageOf } from '@/lib/client/field-errors';
import { formatDate, formatRelative } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager, StatusBadge } from '@/components/ui/controls';
import { Dialog } from '@/components/ui/dialog';
import { OneTimeSecret } from '@/components/ui/one-time-secret';
import { endOfDayIso, ScopePicker } from '@/components/settings/scope-picker';
import { DataTable } from '@/components/ui/data-table';

const GRACE_OPTIONS = [
  { seconds: 0, label: 'Stop the old key at once' },
  { seconds: 3_600, label: 'Keep the old key for 1 hour' },
  { seconds: 86_400, label: 'Keep the old key for 24 hours' },
  { seconds: 7 * 86_400, label: 'Keep the old key for 7 days' },
];

export function ApiKeysView() {
  const me = useMe();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const keys = useApiKeys({ page, status: status || undefined });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ title: string; key: string } | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();
  const [actionError, setActionError] = useState<string | null>(null);

  return (
    <div className="space-y-4">
      <PageHeader
        title="API keys"
        description="Keys for scripts and integrations calling /api/v1 (send as X-API-Key). A key acts with its owner's current permissions, narrowed to its scopes."
        actions={
          <>
            <select aria-label="Status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }} className={`${INPUT_CLASS} w-auto`}>
              <option value="">All statuses</option>
              <option value="active">Active</option>
              <option value="expired">Expired</option>
              <option value="revoked">Revoked</option>
            </select>
            <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Cancel' : 'New API key'}</Button>
          </>
        }
      />
      {creating && me.data && (
        <CreateApiKeyForm
          permissions={me.data.permissions}
          onCreated={(k) => {
            setCreating(false);
            setSecret({ title: `API key “${k.name}” created`, key: k.key });
          }}
        />
      )}
      <ErrorText error={keys.error} />
      {actionError && <p role="alert" className="text-sm text-red-600">{actionError}</p>}
      {keys.data && keys.data.data.length === 0 && !creating && (
        <EmptyState title={status ? `No ${status} API keys` : 'No API keys yet'} action={<Button onClick={() => setCreating(true)}>Create an API key</Button>}>
          Create a key for each script or integration, with only the scopes it needs and an expiry, so you can revoke one without breaking the others.
        </EmptyState>
      )}
      {keys.data && keys.data.data.length > 0 && (
        <DataTable label="API keys" columns={['Name', 'Key', 'Owner', 'Scopes', 'Status', 'Expires', 'Last used', { label: 'Actions', hidden: true }]}>
          {keys.data.data.map((k) => (
            <tr key={k.id} className="border-t border-slate-100 align-top dark:border-slate-800">
              <td className="px-4 py-2 font-medium">{k.name}</td>
              <td className="px-4 py-2 font-mono text-xs">{k.prefix}…</td>
              <td className="px-4 py-2 text-slate-500">{k.owner.id === me.data?.id ? 'You' : k.owner.name}</td>
              <td className="px-4 py-2 text-slate-500" title={k.scopes.join(', ')}>
                {k.scopes.length <= 2 ? k.scopes.join(', ') : `${k.scopes.slice(0, 2).join(', ')} +${k.scopes.length - 2}`}
              </td>
              <td className="px-4 py-2">
                <StatusBadge status={k.status} />
                {k.previousSecretExpiresAt && <div className="mt-1 text-xs text-amber-700 dark:text-amber-300">Old key works until {formatDate(k.previousSecretExpiresAt)}</div>}
              </td>
              <td className="px-4 py-2 text-slate-500">{k.expiresAt ? formatDate(k.expiresAt) : 'Never'}</td>
              <td className="px-4 py-2 text-slate-500">
                {formatRelative(k.lastUsedAt)}
                {k.lastUsedIp && <div className="text-xs">{k.lastUsedIp}</div>}
              </td>
              <td className="px-4 py-2 whitespace-nowrap">
                {k.status === 'active' && k.owner.id === me.data?.id && (
                  <Button variant="secondary" className="mr-2 px-2.5 py-1 text-xs" onClick={() => setRotating(k)} aria-label={`Rotate ${k.name}`}>
                    Rotate
                  </Button>
                )}
                {k.status !== 'revoked' && (
                  <Button
                    variant="danger"
                    className="px-2.5 py-1 text-xs"
                    aria-label={`Revoke ${k.name}`}
                    disabled={revoke.isPending}
                    onClick={async () => {
                      if (!confirm(`Revoke ${k.name}? Every request with this key fails from now on.`)) return;
                      setActionError(null);
                      try {
                        await revoke.mutateAsync(k.id);
                      } catch (err) {
                        setActionError(messageOf(err, 'Could not revoke the key'));
                      }
                    }}
                  >
                    Revoke
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {keys.data && <Pager page={page} total={keys.data.pagination.total} limit={50} onPage={setPage} />}
      <RotateDialog
        apiKey={rotating}
        onClose={() => setRotating(null)}
        onRotated={(k) => {
          setRotating(null);
          setSecret({ title: `New secret for “${k.name}”`, key: k.key });
        }}
      />
      <OneTimeSecret title={secret?.title ?? ''} secret={secret?.key ?? null} onDone={() => setSecret(null)}>
        <p className="text-sm text-slate-500">
          Send it as <code className="font-mono">X-API-Key</code> (or <code className="font-mono">Authorization: Bearer …</code>) on /api/v1 requests.
        </p>
      </OneTimeSecret>
    </div>
  );
}

function CreateApiKeyForm({ permissions, onCreated }: { permissions: string[]; onCreated: (k: { name: string; key: string }) => void }) {
  const create = useCreateApiKey();
  const [scopes, setScopes] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setError(null);
    setErrors({});
    if (scopes.length === 0) {
      setErrors({ scopes: 'Pick at least one scope' });
      return;
    }
    try {
      const key = await create.mutateAsync({ name: String(f.get('name')), scopes, expiresAt: endOfDayIso(String(f.get('expiresAt') ?? '')) });
      onCreated(key);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(formErrorOf(err, ['name', 'expiresAt', 'scopes'], 'Could not create the key'));
    }
  }

  return (
    <Card title="New API key">
      <form onSubmit={onSubmit} className="space-y-3" aria-label="New API key" noValidate>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Name" name="name" required maxLength={100} autoFocus error={errors.name} hint="What uses the key, e.g. “PSA sync”" />
          <Field label="Expires on" name="expiresAt" type="date" error={errors.expiresAt} hint="Leave empty for a key that does not expire" />
        </div>
        <ScopePicker legend="Scopes" options={permissions} value={scopes} onChange={setScopes} error={errors.scopes} />
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </form>
    </Card>
  );
}

function RotateDialog({ apiKey, onClose, onRotated }: { apiKey: ApiKey | null; onClose: () => void; onRotated: (k: { name: string; key: string }) => void }) {
  const rotate = useRotateApiKey();
  const [grace, setGrace] = useState(0);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open={apiKey !== null} onClose={onClose} title={`Rotate ${apiKey?.name ?? ''}`}>
      <form
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!apiKey) return;
          setError(null);
          try {
            onRotated(await rotate.mutateAsync({ id: apiKey.id, gracePeriodSeconds: grace }));
          } catch (err) {
            setError(messageOf(err, 'Could not rotate the key'));
          }
        }}
      >
        <p className="text-sm text-slate-500">A new secret replaces the current one. Update every place that uses the key.</p>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">The current secret</legend>
          {GRACE_OPTIONS.map((o) => (
            <label key={o.seconds} className="flex items-center gap-2 text-sm">
              <input type="radio" name="grace" checked={grace === o.seconds} onChange={() => setGrace(o.seconds)} />
              {o.label}
            </label>
          ))}
        </fieldset>
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={rotate.isPending}>
            {rotate.isPending ? 'Rotating…' : 'Rotate key'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
