import type { InstallationRow } from '@/lib/plugins/installation-scope';
import type { TPluginInstallation, TPluginManifest } from '@/lib/plugins/schemas';

/** `manifest`: the catalogue entry of its slug (null if an operator's manifest is gone). */
export function toPluginInstallationDto(row: InstallationRow, manifest: TPluginManifest | null): TPluginInstallation {
  return {
    id: row.id,
    partnerId: row.partnerId,
    slug: row.slug,
    name: manifest?.name ?? row.slug,
    publisher: manifest?.publisher ?? '',
    manifestVersion: row.manifestVersion,
    scopes: row.scopes,
    events: row.events,
    status: row.status === 'disabled' ? 'disabled' : 'enabled',
    config: row.config as Record<string, unknown>,
    pageUrl: manifest?.pageUrl ?? null,
    credentialPrefix: row.apiKey && !row.apiKey.revokedAt ? row.apiKey.prefix : null,
    credentialLastUsedAt: row.apiKey?.lastUsedAt?.toISOString() ?? null,
    installedById: row.installedById,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
