// POST /plugins/installations: installs a catalogue plugin for the caller's partner after an
// explicit consent naming exactly the manifest's scopes and events. Creates, in one
// transaction, the plugin's credential (an API key owned by the installing user with exactly
// those scopes, which must all be the user's own: at request time the key gets the owner's
// then-current permissions narrowed to them) and its subscription (a partner-wide webhook with a
// fresh signing secret). Both secrets are answered once.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { encryptSecret } from '@/lib/auth/secrets';
import { AppError, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertCanGrantPermissions } from '@/lib/users/access-guards';
import { generateApiKeySecret } from '@/lib/api-keys/api-key-secret';
import { stripUrlCredentials } from '@/lib/webhooks/strip-url-credentials';
import { getPluginManifestOrThrow } from '@/lib/plugins/plugin-catalog';
import { parsePluginConfig } from '@/lib/plugins/config-schema';
import { assertCanManagePlugins, installationInclude } from '@/lib/plugins/installation-scope';
import { toPluginInstallationDto } from '@/lib/plugins/to-plugin-installation-dto';
import type { TInstalledPlugin, TPluginManifest, ZInstallPlugin } from '@/lib/plugins/schemas';

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/** 400 PLUGIN_CONSENT_REQUIRED unless the consent names exactly what the manifest asks for. */
function assertConsent(manifest: TPluginManifest, consent: z.output<typeof ZInstallPlugin>['consent']): void {
  const details = [];
  if (!consent) details.push({ path: 'body.consent', message: `Consent to the scopes ${manifest.scopes.join(', ') || '(none)'} and events ${manifest.events.join(', ') || '(none)'}` });
  else {
    if (!sameSet(consent.scopes, manifest.scopes)) details.push({ path: 'body.consent.scopes', message: `Must be exactly the manifest's scopes: ${manifest.scopes.join(', ') || '(none)'}` });
    if (!sameSet(consent.events, manifest.events)) details.push({ path: 'body.consent.events', message: `Must be exactly the manifest's events: ${manifest.events.join(', ') || '(none)'}` });
  }
  if (details.length) throw new AppError('PLUGIN_CONSENT_REQUIRED', 400, 'Installing a plugin needs an explicit consent to exactly its scopes and events', details);
}

export async function installPlugin(ctx: UserContext, input: z.output<typeof ZInstallPlugin>): Promise<TInstalledPlugin> {
  assertCanManagePlugins(ctx);
  const manifest = await getPluginManifestOrThrow(input.slug);
  assertConsent(manifest, input.consent);
  const config = parsePluginConfig(manifest.configSchema, input.config);
  assertCanGrantPermissions(ctx, manifest.scopes, 'give a plugin');
  const partnerId = ctx.partnerId!;
  const key = generateApiKeySecret();
  const webhookSecret = manifest.events.length ? randomBytes(32).toString('base64url') : null;
  const name = `Plugin: ${manifest.name}`.slice(0, 100);

  const row = await db.$transaction(async (tx) => {
    // One installation of a plugin per partner; the lock makes a concurrent second install wait and see the first.
    await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`plugin-install:${partnerId}:${manifest.slug}`}, 0))`;
    if (await tx.pluginInstallation.findUnique({ where: { partnerId_slug: { partnerId, slug: manifest.slug } }, select: { id: true } })) {
      throw conflict(`${manifest.name} is already installed`, 'PLUGIN_ALREADY_INSTALLED');
    }
    const apiKey = await tx.apiKey.create({
      data: { userId: ctx.userId, partnerId, orgId: null, name, prefix: key.prefix, secretHash: key.hash, scopes: manifest.scopes },
    });
    // The manifest's address was checked when it was added (or shipped); each delivery checks it again.
    const webhook = manifest.events.length && manifest.webhookUrl
      ? await tx.webhook.create({
          data: {
            partnerId,
            orgId: null,
            name,
            urlSealed: encryptSecret(manifest.webhookUrl),
            urlDisplay: stripUrlCredentials(manifest.webhookUrl),
            secretSealed: encryptSecret(webhookSecret!),
            events: manifest.events,
            createdBy: ctx.userId,
          },
        })
      : null;
    const created = await tx.pluginInstallation.create({
      data: {
        partnerId,
        slug: manifest.slug,
        manifestVersion: manifest.version,
        scopes: manifest.scopes,
        events: manifest.events,
        config: config as Prisma.InputJsonValue,
        apiKeyId: apiKey.id,
        webhookId: webhook?.id ?? null,
        installedById: ctx.userId,
      },
      include: installationInclude,
    });
    await writeAudit(ctx, {
      action: 'plugin.install',
      targetType: 'plugin_installation',
      targetId: created.id,
      partnerId,
      orgId: null,
      details: { slug: manifest.slug, version: manifest.version, consentedScopes: manifest.scopes, consentedEvents: manifest.events, apiKeyPrefix: key.prefix, webhookId: webhook?.id ?? null },
    }, tx);
    return created;
  });
  return { ...toPluginInstallationDto(row, manifest), credentials: { apiKey: key.secret, webhookSecret } };
}
