'use client';

// One manifest and its consent screen: what the plugin may do with its credential (each scope
// with what it allows), which events it receives and where they go, its settings as a form
// generated from its schema, and an explicit consent before installing. The credentials the
// installation answers are shown once, for the plugin's backend.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { PERMISSIONS, isPermission } from '@/lib/auth/permissions';
import { useMe } from '@/hooks/use-me';
import { useInstallPlugin, usePluginInstallations, usePluginManifest, type InstalledPlugin } from '@/hooks/use-plugins';
import { Button } from '@/components/ui/button';
import { Card, CopyButton, ErrorText } from '@/components/ui/controls';
import { Dialog } from '@/components/ui/dialog';
import { FieldFrame, INPUT_CLASS } from '@/components/ui/field';
import { PluginConfigForm } from '@/components/plugins/plugin-config-form';
import { PluginsPage } from '@/components/plugins/plugins-page';

function Secret({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <FieldFrame label={label}>{(control) => <input {...control} readOnly value={value} className={`${INPUT_CLASS} font-mono`} onFocus={(e) => e.target.select()} />}</FieldFrame>
      </div>
      <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} />
    </div>
  );
}

function Credentials({ installed, onDone }: { installed: InstalledPlugin | null; onDone: () => void }) {
  return (
    <Dialog open={installed !== null} onClose={onDone} title={`${installed?.name ?? 'Plugin'} installed`} dismissable={false} wide>
      {installed && (
        <div className="space-y-4">
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            Give these to the plugin&apos;s backend now (its setup page). They are shown only once: the server keeps only the key&apos;s hash and the secret sealed.
          </p>
          <Secret label="Installation ID" value={installed.id} />
          <Secret label="API key" value={installed.credentials.apiKey} />
          {installed.credentials.webhookSecret && <Secret label="Signing secret" value={installed.credentials.webhookSecret} />}
          <div className="flex justify-end">
            <Button onClick={onDone}>I have handed them over</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

export function PluginDetail({ slug }: { slug: string }) {
  const router = useRouter();
  const manifest = usePluginManifest(slug);
  const installation = usePluginInstallations().data?.data.find((i) => i.slug === slug);
  const canManage = useMe().data?.permissions.includes('plugins:manage') ?? false;
  const install = useInstallPlugin();
  const [consented, setConsented] = useState(false);
  const [installed, setInstalled] = useState<InstalledPlugin | null>(null);
  const m = manifest.data;

  if (!m) return <PluginsPage title="Plugin">{manifest.error ? <ErrorText error={manifest.error} /> : <p className="text-sm text-slate-500">Loading…</p>}</PluginsPage>;
  return (
    <PluginsPage title={m.name} description={`${m.publisher} · version ${m.version}`}>
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">{m.description}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="What it may do">
          <p className="mb-2 text-sm text-slate-500">Its API key acts as the person who installs it, limited to these permissions:</p>
          <ul className="space-y-1 text-sm" aria-label="Requested scopes">
            {m.scopes.map((s) => (
              <li key={s}>
                <code className="font-mono">{s}</code> — {isPermission(s) ? PERMISSIONS[s] : 'unknown permission'}
              </li>
            ))}
            {m.scopes.length === 0 && <li className="text-slate-500">No API access.</li>}
          </ul>
        </Card>
        <Card title="What it receives">
          <ul className="space-y-1 text-sm" aria-label="Subscribed events">
            {m.events.map((e) => (
              <li key={e}>
                <code className="font-mono">{e}</code>
              </li>
            ))}
            {m.events.length === 0 && <li className="text-slate-500">No events.</li>}
          </ul>
          {m.webhookUrl && <p className="mt-2 text-sm text-slate-500">Events of all your organizations are delivered, signed, to {m.webhookUrl}.</p>}
          {m.pageUrl && (
            <p className="mt-2 text-sm">
              <a className="text-brand-700 underline dark:text-brand-100" href={m.pageUrl} target="_blank" rel="noreferrer">
                Plugin page
              </a>
            </p>
          )}
        </Card>
      </div>
      {installation ? (
        <p className="text-sm">
          Installed.{' '}
          <Link className="text-brand-700 underline dark:text-brand-100" href={`/plugins/installations/${installation.id}`}>
            Manage {m.name}
          </Link>
        </p>
      ) : canManage ? (
        <Card title="Install">
          <PluginConfigForm
            schema={m.configSchema}
            label={`Install ${m.name}`}
            submitLabel="Install"
            pending={install.isPending}
            error={install.error}
            extra={
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" required checked={consented} onChange={(e) => setConsented(e.target.checked)} className="mt-1" />
                <span>
                  I allow {m.name} by {m.publisher} to use the {m.scopes.length} listed {m.scopes.length === 1 ? 'permission' : 'permissions'} and to receive the {m.events.length} listed {m.events.length === 1 ? 'event' : 'events'}.
                </span>
              </label>
            }
            onSubmit={(config) => {
              // The consent names exactly what this screen showed; the server checks it against the manifest.
              if (consented) install.mutate({ slug: m.slug, consent: { scopes: m.scopes, events: m.events }, config }, { onSuccess: setInstalled });
            }}
          />
        </Card>
      ) : (
        <p className="text-sm text-slate-500">Installing plugins needs the plugins:manage permission.</p>
      )}
      <Credentials
        installed={installed}
        onDone={() => {
          const id = installed?.id;
          setInstalled(null);
          if (id) router.push(`/plugins/installations/${id}`);
        }}
      />
    </PluginsPage>
  );
}
