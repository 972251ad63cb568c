// Worker side of one channel send (kinds other than email). A failed send throws so
// graphile-worker retries with backoff; a URL that has become unsafe is not retried.
import { z } from 'zod';
import { db } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { buildChannelMessage } from '@/lib/alerts/channels/channel-message';
import { openChannelConfig } from '@/lib/alerts/channels/get-channel-or-throw';
import { sendToChannel } from '@/lib/alerts/channels/send-to-channel';

export const ZSendAlertNotification = z.object({
  channelId: z.string().uuid(),
  alertId: z.string().uuid(),
  notice: z.enum(['triggered', 'acknowledged', 'resolved', 'escalated']),
  templateId: z.string().uuid().nullable().optional(),
});

export async function sendAlertNotification(input: z.output<typeof ZSendAlertNotification>): Promise<void> {
  const [channel, alert] = await Promise.all([
    db.alertChannel.findUnique({ where: { id: input.channelId } }),
    db.alert.findUnique({ where: { id: input.alertId } }),
  ]);
  if (!channel || !channel.enabled || !alert || channel.partnerId !== alert.partnerId) return;
  const template = input.templateId ? await db.alertTemplate.findUnique({ where: { id: input.templateId } }) : null;
  const outcome = await sendToChannel(channel.kind, openChannelConfig(channel), buildChannelMessage(alert, input.notice, template));
  if (outcome.ok) return;
  await db.alertChannel.update({ where: { id: channel.id }, data: { lastError: outcome.error?.slice(0, 1000) ?? null } });
  if (outcome.error?.startsWith('Unsafe or invalid URL')) {
    logger.warn({ channelId: channel.id, alertId: alert.id, error: outcome.error }, 'alert notification dropped: unsafe channel URL');
    return;
  }
  throw new Error(`Channel ${channel.kind} send failed: ${outcome.error}`);
}
