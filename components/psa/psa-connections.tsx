'use client';

// PSA connections: the partner's links to ConnectWise PSA, HaloPSA, Autotask, Zendesk or Syncro, with a form to add one
// (credentials are sent once and stored encrypted), a live credentials test, and a sync button
// whose status (counts, cursors, the last error) refreshes while the job runs. In external
// service-management mode the bound connection's synced tickets are listed below.
import { useState } from 'react';
import { useCan, useMe } from '@/hooks/use-me';
import { useCreatePsaConnection, useDeletePsaConnection, usePsaConnections, usePsaStatus, usePsaTickets, useSyncPsaConnection, useTestPsaConnection, type PsaConnection, type PsaConnectionInput } from '@/hooks/use-psa';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { PsaImportWizard } from '@/components/psa/psa-import-wizard';

type Provider = PsaConnectionInput['provider'];
const PROVIDERS: { id: Provider; name: string; fields: { key: string; label: string; secret?: boolean; optional?: boolean }[]; urlHint: string }[] = [
  {
    id: 'connectwise',
    name: 'ConnectWise PSA',
    urlHint: 'Your site, e.g. https://na.myconnectwise.net',
    fields: [
      { key: 'companyId', label: 'Company ID' },
      { key: 'publicKey', label: 'Public key' },
      { key: 'privateKey', label: 'Private key', secret: true },
      { key: 'clientId', label: 'Client ID (integrator)' },
    ],
  },
  {
    id: 'halopsa',
    name: 'HaloPSA',
    urlHint: 'Your instance, e.g. https://yourcompany.halopsa.com',
    fields: [
      { key: 'clientId', label: 'Client ID' },
      { key: 'clientSecret', label: 'Client secret', secret: true },
      { key: 'tenant', label: 'Tenant (hosted only)', optional: true },
    ],
  },
  {
    id: 'autotask',
    name: 'Autotask PSA',
    urlHint: 'The zone-discovery host: https://webservices.autotask.net',
    fields: [
      { key: 'username', label: 'API user name' },
      { key: 'secret', label: 'API user secret', secret: true },
      { key: 'integrationCode', label: 'Integration code (tracking identifier)', secret: true },
    ],
  },
  {
    id: 'zendesk',
    name: 'Zendesk',
    urlHint: 'Your instance, e.g. https://yourcompany.zendesk.com',
    fields: [
      { key: 'email', label: 'Agent email' },
      { key: 'apiToken', label: 'API token', secret: true },
    ],
  },
  {
    id: 'syncro',
    name: 'Syncro',
    urlHint: 'Your instance, e.g. https://yourcompany.syncromsp.com',
    fields: [{ key: 'apiKey', label: 'API token', secret: true }],
  },
];

function NewConnection({ onDone }: { onDone: () => void }) {
  const create = useCreatePsaConnection();
  const [provider, setProvider] = useState<Provider>('connectwise');
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const spec = PROVIDERS.find((p) => p.id === provider)!;
  const errors = fieldErrorsOf(create.error);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const creds = Object.fromEntries(spec.fields.filter((f) => credentials[f.key]).map((f) => [f.key, credentials[f.key]]));
    create.mutate({ provider, name, baseUrl, credentials: creds } as PsaConnectionInput, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label="New PSA connection">
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block space-y-1 text-sm">
          <span className="font-medium">PSA</span>
          <select className={INPUT_CLASS} value={provider} onChange={(e) => { setProvider(e.target.value as Provider); setCredentials({}); }} aria-label="PSA">
            {PROVIDERS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <Field label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} required error={errors.name} />
        <Field label="Base URL" name="baseUrl" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} required hint={spec.urlHint} error={errors.baseUrl} />
        {spec.fields.map((f) => (
          <Field
            key={`${provider}-${f.key}`}
            label={f.label}
            name={f.key}
            type={f.secret ? 'password' : 'text'}
            autoComplete="off"
            required={!f.optional}
            value={credentials[f.key] ?? ''}
            onChange={(e) => setCredentials((c) => ({ ...c, [f.key]: e.target.value }))}
            hint={f.secret ? 'Stored encrypted, never shown again' : undefined}
            error={errors[f.key]}
          />
        ))}
      </div>
      <FormError message={create.error ? formErrorOf(create.error, ['name', 'baseUrl', ...spec.fields.map((f) => f.key)], 'Could not save the connection') : null} />
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

function ConnectionRow({ connection, canManage }: { connection: PsaConnection; canManage: boolean }) {
  const status = usePsaStatus(connection.id).data;
  const test = useTestPsaConnection();
  const sync = useSyncPsaConnection();
  const remove = useDeletePsaConnection();
  const failure = test.error ?? sync.error ?? remove.error;
  const provider = PROVIDERS.find((p) => p.id === connection.provider)?.name ?? connection.provider;
  const syncStatus = status?.syncStatus ?? connection.syncStatus;
  // The company import writes organizations and sites (and the server asks for MFA as well).
  const canWriteOrgs = useCan('orgs:write');
  const canWriteSites = useCan('sites:write');
  const canImport = canWriteOrgs && canWriteSites;
  const [importing, setImporting] = useState(false);

  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label={connection.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <span className="font-medium">{connection.name}</span> <span className="text-sm text-slate-500">{provider} · {connection.baseUrl} · credentials {connection.credentialHint}</span>
          {connection.inUse && <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-xs text-brand-800">Service desk</span>}
        </div>
        {(canManage || canImport) && (
          <div className="flex flex-wrap gap-2">
            {canImport && (
              <Button variant="secondary" disabled={importing} onClick={() => setImporting(true)}>
                Import companies
              </Button>
            )}
            {canManage && (
              <>
                <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate(connection.id)}>
                  {test.isPending ? 'Testing…' : 'Test'}
                </Button>
                <Button variant="secondary" disabled={sync.isPending || syncStatus === 'queued' || syncStatus === 'running'} onClick={() => sync.mutate(connection.id)}>
                  Sync now
                </Button>
                <Button variant="danger" disabled={remove.isPending} onClick={() => window.confirm(`Delete ${connection.name}?`) && remove.mutate(connection.id)}>
                  Delete
                </Button>
              </>
            )}
          </div>
        )}
      </div>
      {test.data && (
        <p role="status" className={`text-sm ${test.data.ok ? 'text-green-700' : 'text-red-700'}`}>
          {test.data.ok ? 'Credentials accepted.' : `Test failed: ${test.data.error}`}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs uppercase text-slate-500">Sync</dt>
          <dd>{syncStatus}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Last sync</dt>
          <dd>{when(status?.lastSyncAt ?? connection.lastSyncAt)}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Stored</dt>
          <dd>{status ? `${status.stored.companies} companies · ${status.stored.contacts} contacts · ${status.stored.tickets} tickets` : '…'}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Last test</dt>
          <dd>{connection.lastTestOk === null ? 'Not tested' : `${connection.lastTestOk ? 'Passed' : 'Failed'} ${when(connection.lastTestAt)}`}</dd>
        </div>
      </dl>
      {(status?.lastSyncError ?? connection.lastSyncError) && <p className="text-sm text-red-700">Last sync error: {status?.lastSyncError ?? connection.lastSyncError}</p>}
      <FormError message={failure ? formErrorOf(failure, [], 'The request failed') : null} />
      {importing && <PsaImportWizard connection={connection} onClose={() => setImporting(false)} />}
    </li>
  );
}

export function PsaTickets() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const tickets = usePsaTickets({ page, ...(search ? { search } : {}) }).data;
  const pages = tickets ? Math.max(1, Math.ceil(tickets.pagination.total / tickets.pagination.limit)) : 1;
  return (
    <section className="space-y-3" aria-label="Service desk tickets">
      <h2 className="text-lg font-semibold">Service desk tickets</h2>
      <input className={INPUT_CLASS} placeholder="Search summaries" aria-label="Search tickets" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
      <div className="max-w-full overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2">#</th>
              <th>Summary</th>
              <th>Company</th>
              <th>Status</th>
              <th>Priority</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {tickets?.data.map((t) => (
              <tr key={t.id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-2">{t.externalId}</td>
                <td>{t.summary}</td>
                <td>{t.companyName ?? '—'}</td>
                <td>{t.status ?? '—'}</td>
                <td>{t.priority ?? '—'}</td>
                <td>{when(t.remoteUpdatedAt)}</td>
              </tr>
            ))}
            {tickets?.data.length === 0 && (
              <tr>
                <td colSpan={6} className="py-4 text-slate-500">
                  No ticket synced yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="flex items-center gap-2 text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      )}
    </section>
  );
}

export function PsaConnections() {
  const connections = usePsaConnections();
  const canManage = useMe().data?.permissions.includes('psa:manage') ?? false;
  const [adding, setAdding] = useState(false);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">PSA connections</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Link your professional-services automation tool: its companies, contacts and tickets sync here, and in external service-management mode the service desk reads its tickets.
        </p>
      </div>
      {adding ? <NewConnection onDone={() => setAdding(false)} /> : canManage && <Button onClick={() => setAdding(true)}>Add connection</Button>}
      <ul className="space-y-3">
        {connections.data?.data.map((c) => <ConnectionRow key={c.id} connection={c} canManage={canManage} />)}
        {connections.data?.data.length === 0 && <li className="text-sm text-slate-500">No connection yet.</li>}
      </ul>
      {connections.data?.data.some((c) => c.inUse) && <PsaTickets />}
    </div>
  );
}
