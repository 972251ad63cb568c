import type { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { assertConfigWritable } from '@/lib/alerts/config-scope';
import type { ZUpdateChannel } from '@/lib/alerts/channels/schemas';
import { getChannelOrThrow } from '@/lib/alerts/channels/get-channel-or-throw';
import { sealChannelConfig } from '@/lib/alerts/channels/save-channel-config';
import { toChannelDto } from '@/lib/alerts/channels/to-channel-dto';

export async function updateChannel(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateChannel>) {
  const channel = await getChannelOrThrow(ctx, id);
  assertConfigWritable(ctx, channel);
  const sealed = input.config !== undefined ? await sealChannelConfig(channel.kind, input.config) : {};
  const updated = await db.alertChannel.update({
    where: { id: channel.id },
    data: { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.enabled !== undefined ? { enabled: input.enabled } : {}), ...sealed },
  });
  return toChannelDto(updated);
}
