// Validates a channel configuration for its kind (URLs against the URL-safety rules) and seals it.
import type { Prisma } from '@/lib/generated/prisma/client';
import { encryptSecret } from '@/lib/auth/secrets';
import { badRequest } from '@/lib/http/errors';
import { assertWebhookUrl } from '@/lib/webhooks/assert-webhook-url';
import { CONFIG_SCHEMAS, type ChannelConfig, type ChannelKind } from '@/lib/alerts/channels/schemas';
import { channelUrls } from '@/lib/alerts/channels/channel-urls';
import { maskConfig } from '@/lib/alerts/channels/mask-config';

export async function sealChannelConfig(kind: ChannelKind, raw: unknown): Promise<{ configSealed: string; configDisplay: Prisma.InputJsonValue }> {
  const parsed = CONFIG_SCHEMAS[kind].safeParse(raw);
  if (!parsed.success) {
    throw badRequest('Invalid channel configuration', parsed.error.issues.map((i) => ({ path: ['config', ...i.path].join('.'), message: i.message })));
  }
  const config = parsed.data as ChannelConfig;
  // The detail names the config field, like the validation errors above (not the webhook body's `url`).
  for (const { field, url } of channelUrls(kind, config)) await assertWebhookUrl(url, `config.${field}`);
  return { configSealed: encryptSecret(JSON.stringify(config)), configDisplay: maskConfig(kind, config) as Prisma.InputJsonValue };
}
