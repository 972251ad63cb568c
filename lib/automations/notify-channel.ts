// The notify_channel action: one message per run to an alert channel of the automation's
// partner (partner-wide or of the automation's organization), sent the way alert notifications
// are (lib/alerts/channels): the channel's URL is re-checked against the URL-safety rules before
// the send and the connection pinned to the checked address. A send the channel refuses fails
// the step; the run records the provider's answer.
import type { Tx } from '@/lib/db';
import type { Automation, AutomationRun } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/http/errors';
import { publicUrl } from '@/lib/public-url';
import { openChannelConfig } from '@/lib/alerts/channels/get-channel-or-throw';
import { sendToChannel } from '@/lib/alerts/channels/send-to-channel';
import { renderPlaceholders, type ChannelMessage } from '@/lib/alerts/channels/channel-message';
import type { TAction } from '@/lib/automations/schemas';

export const DEFAULT_NOTIFY_SUBJECT = '[automation] {{automation}}';
export const DEFAULT_NOTIFY_MESSAGE = 'Automation "{{automation}}" ran ({{source}}{{eventSuffix}}).\nDevice: {{hostname}}\n{{link}}';

type NotifyAction = Extract<TAction, { type: 'notify_channel' }>;

/** Channels an automation of this organization may notify. */
export function channelWhereFor(owner: { partnerId: string; orgId: string }) {
  return { partnerId: owner.partnerId, OR: [{ orgId: null }, { orgId: owner.orgId }] };
}

export async function notifyChannel(tx: Tx, run: AutomationRun & { automation: Automation }, action: NotifyAction) {
  const channel = await tx.alertChannel.findFirst({ where: { id: action.channelId, ...channelWhereFor(run) } });
  if (!channel) throw new AppError('NOT_FOUND', 404, 'The alert channel no longer exists');
  if (!channel.enabled) return { status: 'skipped' as const, result: { channelId: channel.id }, error: 'The alert channel is disabled' };
  const deviceId = run.deviceIds.length === 1 ? run.deviceIds[0] : null;
  const device = deviceId ? await tx.device.findFirst({ where: { id: deviceId, orgId: run.orgId }, select: { hostname: true } }) : null;
  const event = (run.event as { type?: string } | null) ?? null;
  const link = publicUrl(`/automations/${run.automationId}?run=${run.id}`);
  const values: Record<string, string> = {
    automation: run.automation.name,
    automationId: run.automationId,
    runId: run.id,
    source: run.source,
    eventType: event?.type ?? '',
    eventSuffix: event?.type ? `: ${event.type}` : '',
    deviceId: deviceId ?? '',
    hostname: device?.hostname ?? (run.deviceIds.length ? `${run.deviceIds.length} devices` : 'none'),
    devices: String(run.deviceIds.length),
    link,
  };
  const message: ChannelMessage = {
    notice: 'automation',
    alert: { id: run.id, orgId: run.orgId, deviceId, title: run.automation.name, message: '', severity: action.severity, status: 'active', triggeredAt: run.createdAt.toISOString(), hostname: device?.hostname ?? null },
    subject: renderPlaceholders(action.subject || DEFAULT_NOTIFY_SUBJECT, values).slice(0, 500),
    text: renderPlaceholders(action.message || DEFAULT_NOTIFY_MESSAGE, values).slice(0, 8000),
    link,
  };
  message.alert.message = message.text;
  const outcome = await sendToChannel(channel.kind, openChannelConfig(channel), message);
  if (!outcome.ok) throw new AppError(outcome.error?.startsWith('Unsafe or invalid URL') ? 'UNSAFE_URL' : 'CHANNEL_SEND_FAILED', 502, `The ${channel.kind} channel refused the message: ${outcome.error ?? 'no answer'}`.slice(0, 1500));
  return { status: 'succeeded' as const, result: { channelId: channel.id, kind: channel.kind, status: outcome.status, durationMs: outcome.durationMs } };
}
