import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { decryptSecret } from '@/lib/auth/secrets';
import { notFound } from '@/lib/http/errors';
import type { AlertChannel } from '@/lib/generated/prisma/client';
import { configWhere } from '@/lib/alerts/config-scope';
import type { ChannelConfig } from '@/lib/alerts/channels/schemas';

export async function getChannelOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const channel = await client.alertChannel.findFirst({ where: { AND: [{ id }, configWhere(ctx)] } });
  if (!channel) throw notFound('Alert channel');
  return channel;
}

export function openChannelConfig(channel: AlertChannel): ChannelConfig {
  return JSON.parse(decryptSecret(channel.configSealed)) as ChannelConfig;
}
