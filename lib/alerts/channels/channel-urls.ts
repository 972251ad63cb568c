import type { ChannelConfig, ChannelKind } from '@/lib/alerts/channels/schemas';

/** Every URL a channel sends to (each is held to the webhook URL-safety rules). */
export function channelUrls(kind: ChannelKind, config: ChannelConfig): string[] {
  const c = config as Record<string, unknown>;
  switch (kind) {
    case 'email':
      return [];
    case 'slack':
    case 'teams':
      return [String(c.webhookUrl)];
    case 'webhook':
      return [String(c.url)];
    case 'pagerduty':
      return [String(c.eventsUrl)];
    case 'sms':
      return [String(c.baseUrl)];
  }
}
