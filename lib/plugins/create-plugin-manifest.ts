// POST /plugins/catalog (system operators): adds a manifest after checking its configuration
// schema, its scopes and events (by the body schema) and its webhook address (the outbound
// address rules, DNS included; every delivery checks it again).
import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertWebhookUrl } from '@/lib/webhooks/assert-webhook-url';
import { configSchemaProblems } from '@/lib/plugins/config-schema';
import { findPluginManifest, toManifestDto } from '@/lib/plugins/plugin-catalog';
import type { ZCreatePluginManifest } from '@/lib/plugins/schemas';

export async function createPluginManifest(ctx: UserContext, input: z.output<typeof ZCreatePluginManifest>) {
  const problems = configSchemaProblems(input.configSchema);
  if (problems.length) throw badRequest('The configuration schema is not usable', problems, 'INVALID_CONFIG_SCHEMA');
  if (input.webhookUrl) await assertWebhookUrl(input.webhookUrl, 'body.webhookUrl');
  if (await findPluginManifest(input.slug)) throw conflict(`A plugin with slug ${input.slug} already exists`, 'PLUGIN_SLUG_TAKEN');
  const row = await db.$transaction(async (tx) => {
    const created = await tx.pluginManifest.create({
      data: { ...input, configSchema: input.configSchema as Prisma.InputJsonValue, createdById: ctx.userId },
    });
    await writeAudit(ctx, { action: 'plugin_manifest.create', targetType: 'plugin_manifest', targetId: created.id, partnerId: null, orgId: null, details: { slug: created.slug, version: created.version, scopes: created.scopes, events: created.events } }, tx);
    return created;
  });
  return toManifestDto(row);
}
