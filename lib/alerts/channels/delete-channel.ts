import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { assertConfigWritable } from '@/lib/alerts/config-scope';
import { getChannelOrThrow } from '@/lib/alerts/channels/get-channel-or-throw';

/** Deletes the channel and takes it out of every policy that named it. */
export async function deleteChannel(ctx: ActorContext, id: string): Promise<void> {
  const channel = await getChannelOrThrow(ctx, id);
  assertConfigWritable(ctx, channel);
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`update alert_policies set channel_ids = array_remove(channel_ids, ${channel.id}::uuid), escalation_channel_ids = array_remove(escalation_channel_ids, ${channel.id}::uuid), updated_at = now()
      where partner_id = ${channel.partnerId}::uuid and (${channel.id}::uuid = any(channel_ids) or ${channel.id}::uuid = any(escalation_channel_ids))`;
    await tx.alertChannel.delete({ where: { id: channel.id } });
  });
}
