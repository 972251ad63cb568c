'use client';

// One installed plugin: enable or disable it (its credential and deliveries pause together),
// change its settings through the form generated from its schema, uninstall it (revokes the
// credential, removes the subscription), and read its log of API calls and deliveries.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useMe } from '@/hooks/use-me';
import { useConfigurePlugin, usePluginInstallation, usePluginLogs, usePluginManifest, useSetPluginStatus, useUninstallPlugin, type PluginInstallation } from '@/hooks/use-plugins';
import { formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, Pager, StatusBadge } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';
import { FormError } from '@/components/ui/form-error';
import { PluginConfigForm } from '@/components/plugins/plugin-config-form';
import { PluginsPage } from '@/components/plugins/plugins-page';

type Kind = 'api_call' | 'delivery' | '';

function PluginLogs({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<Kind>('');
  const logs = usePluginLogs(id, { page, ...(kind ? { kind } : {}) }).data;
  return (
    <Card
      title="Log"
      actions={
        <select aria-label="Show" className="rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900" value={kind} onChange={(e) => { setKind(e.target.value as Kind); setPage(1); }}>
          <option value="">API calls and deliveries</option>
          <option value="api_call">API calls</option>
          <option value="delivery">Deliveries</option>
        </select>
      }
    >
      <DataTable label="Plugin log" columns={['When', 'Kind', 'What', 'Result', 'Duration']}>
        {logs?.data.map((e) => (
          <tr key={`${e.kind}-${e.id}`} className="border-t border-slate-200 dark:border-slate-800">
            <td className="px-4 py-2 whitespace-nowrap">{new Date(e.at).toLocaleString()}</td>
            <td className="px-4 py-2">{e.kind === 'api_call' ? 'API call' : 'Delivery'}</td>
            <td className="px-4 py-2 font-mono text-xs">{e.kind === 'api_call' ? `${e.method} ${e.route}` : `${e.event} (attempt ${e.attempt})`}</td>
            <td className="px-4 py-2">
              {e.kind === 'api_call' ? <span className={Number(e.status) >= 400 ? 'text-red-700' : ''}>{e.status}</span> : <StatusBadge status={e.status} />}
              {e.kind === 'delivery' && e.responseStatus !== null && <span className="ml-1 text-xs text-slate-500">HTTP {e.responseStatus}</span>}
              {e.error && <span className="ml-1 text-xs text-red-700">{e.error}</span>}
            </td>
            <td className="px-4 py-2">{e.durationMs === null ? '—' : `${e.durationMs} ms`}</td>
          </tr>
        ))}
        {logs?.data.length === 0 && (
          <tr>
            <td colSpan={5} className="px-4 py-4 text-slate-500">
              Nothing yet.
            </td>
          </tr>
        )}
      </DataTable>
      {logs && (
        <div className="mt-3">
          <Pager page={page} total={logs.pagination.total} limit={logs.pagination.limit} onPage={setPage} />
        </div>
      )}
    </Card>
  );
}

function Settings({ installation }: { installation: PluginInstallation }) {
  const manifest = usePluginManifest(installation.slug).data;
  const configure = useConfigurePlugin(installation.id);
  if (!manifest) return null;
  return (
    <Card title="Settings">
      <PluginConfigForm
        key={installation.updatedAt}
        schema={manifest.configSchema}
        config={installation.config}
        label={`Settings of ${installation.name}`}
        submitLabel="Save settings"
        pending={configure.isPending}
        error={configure.error}
        onSubmit={(config) => configure.mutate(config)}
      />
      {configure.isSuccess && !configure.isPending && <p role="status" className="mt-2 text-sm text-green-700">Settings saved.</p>}
    </Card>
  );
}

export function PluginInstallationDetail({ id }: { id: string }) {
  const router = useRouter();
  const installation = usePluginInstallation(id);
  const canManage = useMe().data?.permissions.includes('plugins:manage') ?? false;
  const status = useSetPluginStatus(id);
  const uninstall = useUninstallPlugin();
  const i = installation.data;

  if (!i) return <PluginsPage title="Plugin">{installation.error ? <ErrorText error={installation.error} /> : <p className="text-sm text-slate-500">Loading…</p>}</PluginsPage>;
  const failure = status.error ?? uninstall.error;
  return (
    <PluginsPage
      title={i.name}
      description={`${i.publisher} · version ${i.manifestVersion}`}
      actions={
        canManage && (
          <>
            {i.status === 'enabled' ? (
              <Button variant="secondary" disabled={status.isPending} onClick={() => status.mutate('disable')}>
                Disable
              </Button>
            ) : (
              <Button disabled={status.isPending} onClick={() => status.mutate('enable')}>
                Enable
              </Button>
            )}
            <Button
              variant="danger"
              disabled={uninstall.isPending}
              onClick={() => window.confirm(`Uninstall ${i.name}? Its API key stops working and its event subscription is removed.`) && uninstall.mutate(i.id, { onSuccess: () => router.push('/plugins/installations') })}
            >
              Uninstall
            </Button>
          </>
        )
      }
    >
      <FormError message={failure ? formErrorOf(failure, [], 'The request failed') : null} />
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs uppercase text-slate-500">Status</dt>
          <dd>
            <StatusBadge status={i.status} />
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Scopes</dt>
          <dd className="font-mono text-xs">{i.scopes.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Events</dt>
          <dd className="font-mono text-xs">{i.events.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Credential</dt>
          <dd>
            <code className="font-mono text-xs">{i.credentialPrefix ?? '—'}…</code> · last used {i.credentialLastUsedAt ? new Date(i.credentialLastUsedAt).toLocaleString() : 'never'}
          </dd>
        </div>
      </dl>
      {i.pageUrl && (
        <p className="text-sm">
          <a className="text-brand-700 underline dark:text-brand-100" href={i.pageUrl} target="_blank" rel="noreferrer">
            Open the plugin&apos;s page
          </a>{' '}
          · <Link className="text-brand-700 underline dark:text-brand-100" href={`/plugins/catalog/${i.slug}`}>Catalog entry</Link>
        </p>
      )}
      {canManage && <Settings installation={i} />}
      <PluginLogs id={i.id} />
    </PluginsPage>
  );
}
