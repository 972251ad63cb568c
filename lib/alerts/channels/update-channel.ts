import type { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { assertConfigWritable } from '@/lib/alerts/config-scope';
import type { ZUpdateChannel } from '@/lib/alerts/channels/schemas';
import { getChannelOrThrow, openChannelConfig } from '@/lib/alerts/channels/get-channel-or-throw';
import { SECRET_FIELDS, type ChannelKind } from '@/lib/alerts/channels/schemas';
import { sealChannelConfig } from '@/lib/alerts/channels/save-channel-config';
import { toChannelDto } from '@/lib/alerts/channels/to-channel-dto';

/**
 * A new configuration keeps each stored secret it leaves out (secrets are never shown, so a
 * form editing the rest cannot send them back); `null` removes an optional one.
 */
function withStoredSecrets(kind: ChannelKind, next: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...next };
  for (const field of SECRET_FIELDS[kind]) {
    if (merged[field] === undefined && stored[field] !== undefined) merged[field] = stored[field];
    else if (merged[field] === null) delete merged[field];
  }
  return merged;
}

export async function updateChannel(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateChannel>) {
  const channel = await getChannelOrThrow(ctx, id);
  assertConfigWritable(ctx, channel);
  const kind = channel.kind as ChannelKind;
  const sealed =
    input.config !== undefined
      ? await sealChannelConfig(kind, withStoredSecrets(kind, input.config, openChannelConfig(channel) as Record<string, unknown>))
      : {};
  const updated = await db.alertChannel.update({
    where: { id: channel.id },
    data: { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.enabled !== undefined ? { enabled: input.enabled } : {}), ...sealed },
  });
  return toChannelDto(updated);
}
