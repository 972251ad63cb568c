'use client';

// The plugin catalogue: every manifest as a card, marked when the partner has installed it.
import Link from 'next/link';
import { usePluginCatalog, usePluginInstallations } from '@/hooks/use-plugins';
import { Badge, EmptyState, ErrorText } from '@/components/ui/controls';
import { PluginsPage } from '@/components/plugins/plugins-page';

export function PluginCatalog() {
  const catalog = usePluginCatalog();
  const installed = new Set(usePluginInstallations().data?.data.map((i) => i.slug) ?? []);
  return (
    <PluginsPage title="Plugins" description="Apps that run at their publisher and work with your data through a scoped credential and signed event deliveries. Nothing they ship runs inside the service.">
      <ErrorText error={catalog.error} />
      {catalog.data?.data.length === 0 && <EmptyState title="The catalog is empty" />}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Plugin catalog">
        {catalog.data?.data.map((m) => (
          <li key={m.slug} aria-label={m.name} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-medium">{m.name}</p>
                <p className="text-xs text-slate-500">
                  {m.publisher} · v{m.version}
                </p>
              </div>
              {installed.has(m.slug) && <Badge tone="green">Installed</Badge>}
            </div>
            <p className="flex-1 text-sm text-slate-600 dark:text-slate-400">{m.description}</p>
            <p className="text-xs text-slate-500">
              {m.scopes.length} {m.scopes.length === 1 ? 'scope' : 'scopes'} · {m.events.length} {m.events.length === 1 ? 'event' : 'events'}
            </p>
            <Link href={`/plugins/catalog/${m.slug}`} className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
              View {m.name}
            </Link>
          </li>
        ))}
      </ul>
    </PluginsPage>
  );
}
