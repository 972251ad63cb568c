// The catalogue: shipped manifests (code) followed by operator-added ones (plugin_manifests).
// It is the same for every tenant; reading it is gated by the route's plugins:read.
import { db, type DbOrTx } from '@/lib/db';
import type { PluginManifest } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/http/errors';
import { shippedManifests } from '@/lib/plugins/shipped-manifests';
import type { TPluginManifest } from '@/lib/plugins/schemas';

export function toManifestDto(m: PluginManifest): TPluginManifest {
  return {
    slug: m.slug,
    name: m.name,
    publisher: m.publisher,
    version: m.version,
    description: m.description,
    scopes: m.scopes,
    events: m.events,
    configSchema: m.configSchema as Record<string, unknown>,
    webhookUrl: m.webhookUrl,
    pageUrl: m.pageUrl,
    shipped: false,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function listPluginCatalog(): Promise<{ data: TPluginManifest[] }> {
  const added = await db.pluginManifest.findMany({ orderBy: [{ name: 'asc' }, { slug: 'asc' }] });
  return { data: [...shippedManifests(), ...added.map(toManifestDto)] };
}

/** A manifest by slug, or null. */
export async function findPluginManifest(slug: string, client: DbOrTx = db): Promise<TPluginManifest | null> {
  const shipped = shippedManifests().find((m) => m.slug === slug);
  if (shipped) return shipped;
  const row = await client.pluginManifest.findUnique({ where: { slug } });
  return row ? toManifestDto(row) : null;
}

export async function getPluginManifestOrThrow(slug: string, client: DbOrTx = db): Promise<TPluginManifest> {
  const manifest = await findPluginManifest(slug, client);
  if (!manifest) throw notFound('Plugin');
  return manifest;
}
