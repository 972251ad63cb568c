// PATCH /plugins/installations/:id: replaces the configuration, validated against the schema
// of the manifest in the catalogue.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getPluginManifestOrThrow } from '@/lib/plugins/plugin-catalog';
import { parsePluginConfig } from '@/lib/plugins/config-schema';
import { getPluginInstallationOrThrow, installationInclude } from '@/lib/plugins/installation-scope';
import { toPluginInstallationDto } from '@/lib/plugins/to-plugin-installation-dto';
import type { ZUpdatePluginInstallation } from '@/lib/plugins/schemas';

export async function updatePluginInstallation(ctx: ActorContext, id: string, input: z.output<typeof ZUpdatePluginInstallation>) {
  const current = await getPluginInstallationOrThrow(ctx, id);
  const manifest = await getPluginManifestOrThrow(current.slug);
  const config = parsePluginConfig(manifest.configSchema, input.config);
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.pluginInstallation.update({ where: { id: current.id }, data: { config: config as Prisma.InputJsonValue }, include: installationInclude });
    await writeAudit(ctx, { action: 'plugin.configure', targetType: 'plugin_installation', targetId: id, partnerId: current.partnerId, orgId: null, details: { slug: current.slug, fields: Object.keys(config) } }, tx);
    return updated;
  });
  return toPluginInstallationDto(row, manifest);
}
