import type { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { resolveConfigOwner } from '@/lib/alerts/config-scope';
import type { ZCreateChannel } from '@/lib/alerts/channels/schemas';
import { sealChannelConfig } from '@/lib/alerts/channels/save-channel-config';
import { toChannelDto } from '@/lib/alerts/channels/to-channel-dto';

export async function createChannel(ctx: ActorContext, input: z.output<typeof ZCreateChannel>) {
  const owner = await resolveConfigOwner(ctx, input.orgId);
  const sealed = await sealChannelConfig(input.kind, input.config);
  const channel = await db.alertChannel.create({
    data: { partnerId: owner.partnerId, orgId: owner.orgId, name: input.name, kind: input.kind, enabled: input.enabled, ...sealed, createdBy: ctx.userId },
  });
  return toChannelDto(channel);
}
