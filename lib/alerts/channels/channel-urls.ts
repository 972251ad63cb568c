import type { ChannelConfig, ChannelKind } from '@/lib/alerts/channels/schemas';

/** Every URL a channel sends to, with the config field holding it (each is held to the webhook URL-safety rules). */
export function channelUrls(kind: ChannelKind, config: ChannelConfig): { field: string; url: string }[] {
  const c = config as Record<string, unknown>;
  switch (kind) {
    case 'email':
      return [];
    case 'slack':
    case 'teams':
      return [{ field: 'webhookUrl', url: String(c.webhookUrl) }];
    case 'webhook':
      return [{ field: 'url', url: String(c.url) }];
    case 'pagerduty':
      return [{ field: 'eventsUrl', url: String(c.eventsUrl) }];
    case 'sms':
      return [{ field: 'baseUrl', url: String(c.baseUrl) }];
  }
}
