// POST /alerts/channels/:id/test: one synchronous send of a test message; the answer carries
// success or the provider's error, and the channel keeps the outcome (lastTestAt/Ok/Error).
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { getChannelOrThrow, openChannelConfig } from '@/lib/alerts/channels/get-channel-or-throw';
import { sendToChannel } from '@/lib/alerts/channels/send-to-channel';
import { testChannelMessage } from '@/lib/alerts/channels/channel-message';

export async function testChannel(ctx: ScopedContext, id: string) {
  const channel = await getChannelOrThrow(ctx, id);
  const outcome = await sendToChannel(channel.kind, openChannelConfig(channel), testChannelMessage(channel.orgId));
  await db.alertChannel.update({ where: { id: channel.id }, data: { lastTestAt: new Date(), lastTestOk: outcome.ok, lastError: outcome.error?.slice(0, 1000) ?? null } });
  return { kind: channel.kind, ...outcome };
}
