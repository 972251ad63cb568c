'use client';

// The partner's installed plugins: status, granted scopes, when the credential was last used.
import Link from 'next/link';
import { usePluginInstallations } from '@/hooks/use-plugins';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState, ErrorText, StatusBadge } from '@/components/ui/controls';
import { PluginsPage } from '@/components/plugins/plugins-page';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

export function PluginInstallations() {
  const list = usePluginInstallations();
  const rows = list.data?.data ?? [];
  return (
    <PluginsPage title="Installed plugins" description="Enable, disable, configure or uninstall; each plugin's log shows its API calls and deliveries.">
      <ErrorText error={list.error} />
      {list.data && rows.length === 0 ? (
        <EmptyState title="No plugin installed" action={<Link className="text-brand-700 underline dark:text-brand-100" href="/plugins">Browse the catalog</Link>} />
      ) : (
        <DataTable label="Installed plugins" columns={['Plugin', 'Status', 'Scopes', 'Installed', 'Credential last used']}>
          {rows.map((i) => (
            <tr key={i.id} className="border-t border-slate-200 dark:border-slate-800">
              <td className="px-3 py-2">
                <Link className="font-medium text-brand-700 underline dark:text-brand-100" href={`/plugins/installations/${i.id}`}>
                  {i.name}
                </Link>
                <span className="ml-2 text-xs text-slate-500">v{i.manifestVersion}</span>
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={i.status} />
              </td>
              <td className="px-3 py-2 font-mono text-xs">{i.scopes.join(', ')}</td>
              <td className="px-3 py-2">{when(i.createdAt)}</td>
              <td className="px-3 py-2">{when(i.credentialLastUsedAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </PluginsPage>
  );
}
