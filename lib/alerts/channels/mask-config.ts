// What reads show of a channel configuration: no secret in full.
import type { ChannelConfig, ChannelKind } from '@/lib/alerts/channels/schemas';
import { stripUrlCredentials } from '@/lib/webhooks/strip-url-credentials';

const tail = (s: string) => (s.length <= 4 ? '****' : `****${s.slice(-4)}`);

/** Incoming-webhook URLs carry their secret in the path: show scheme and host only. */
function hostOnly(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.protocol}//${u.host}/****`;
  } catch {
    return '****';
  }
}

export function maskConfig(kind: ChannelKind, config: ChannelConfig): Record<string, unknown> {
  const c = config as Record<string, unknown>;
  switch (kind) {
    case 'email':
      return { recipients: c.recipients };
    case 'slack':
    case 'teams':
      return { webhookUrl: hostOnly(String(c.webhookUrl)) };
    case 'webhook':
      return { url: stripUrlCredentials(String(c.url)), hasSecret: Boolean(c.secret) };
    case 'pagerduty':
      return { routingKey: tail(String(c.routingKey)), eventsUrl: stripUrlCredentials(String(c.eventsUrl)) };
    case 'sms':
      return { provider: c.provider, accountSid: c.accountSid, authToken: tail(String(c.authToken)), fromNumber: c.fromNumber, toNumbers: c.toNumbers, baseUrl: stripUrlCredentials(String(c.baseUrl)) };
  }
}
