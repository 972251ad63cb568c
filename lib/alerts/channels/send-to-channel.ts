// One send to one channel, shaped for its kind: Slack-style { text, blocks }, a Teams-style
// MessageCard, a signed generic webhook, PagerDuty Events v2, Twilio-shaped SMS, or email.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { postToUrl, type SendOutcome } from '@/lib/alerts/channels/post-to-url';
import { sendEmail } from '@/lib/mail/send-email';
import { signPayload } from '@/lib/webhooks/sign-payload';
import type { ChannelConfig, ChannelKind, ZPagerDutyConfig, ZSmsConfig, ZWebhookConfig } from '@/lib/alerts/channels/schemas';
import type { ChannelMessage } from '@/lib/alerts/channels/channel-message';
import { twilioSmsProvider } from '@/lib/alerts/channels/sms-provider';
import type { z } from 'zod';

const json = { 'Content-Type': 'application/json', 'User-Agent': 'Service-Alerts/1.0' };
const COLORS: Record<string, string> = { critical: 'B00020', high: 'E65100', medium: 'F9A825', low: '1565C0', info: '607D8B' };
const PD_SEVERITY: Record<string, string> = { critical: 'critical', high: 'error', medium: 'warning', low: 'info', info: 'info' };

function slackBody(m: ChannelMessage): string {
  return JSON.stringify({ text: `${m.subject}\n${m.text}`, blocks: [{ type: 'header', text: { type: 'plain_text', text: m.subject.slice(0, 150) } }, { type: 'section', text: { type: 'mrkdwn', text: m.text.slice(0, 3000) } }] });
}

function teamsBody(m: ChannelMessage): string {
  return JSON.stringify({ '@type': 'MessageCard', '@context': 'https://schema.org/extensions', summary: m.subject, themeColor: COLORS[m.alert.severity] ?? '607D8B', title: m.subject, text: m.text.replace(/\n/g, '<br>'), potentialAction: [{ '@type': 'OpenUri', name: m.notice === 'automation' ? 'Open automation' : 'Open alert', targets: [{ os: 'default', uri: m.link }] }] });
}

function signedWebhook(config: z.output<typeof ZWebhookConfig>, m: ChannelMessage): { body: string; headers: Record<string, string> } {
  const eventId = randomUUID();
  const type = m.notice === 'test' ? 'alert.test' : m.notice === 'automation' ? 'automation.notification' : `alert.${m.notice}`;
  const body = JSON.stringify({ id: eventId, type, timestamp: new Date().toISOString(), orgId: m.alert.orgId, data: m.notice === 'automation' ? { runId: m.alert.id, automationName: m.alert.title, orgId: m.alert.orgId, deviceId: m.alert.deviceId, hostname: m.alert.hostname, subject: m.subject, text: m.text, link: m.link } : { ...m.alert, alertId: m.alert.id, subject: m.subject, text: m.text, link: m.link } });
  const ts = String(Date.now());
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'Service-Webhooks/1.0', 'X-Service-Delivery-Id': randomUUID(), 'X-Service-Event-Id': eventId, 'X-Service-Event-Type': type, 'X-Service-Timestamp': ts };
  if (config.secret) {
    headers['X-Service-Signature'] = signPayload(config.secret, ts, body);
    headers['X-Service-Signature-Timestamp'] = ts;
  }
  return { body, headers };
}

function pagerDutyBody(config: z.output<typeof ZPagerDutyConfig>, m: ChannelMessage): string {
  const action = m.notice === 'resolved' ? 'resolve' : m.notice === 'acknowledged' ? 'acknowledge' : 'trigger';
  return JSON.stringify({
    routing_key: config.routingKey,
    event_action: action,
    dedup_key: m.alert.id,
    ...(action === 'trigger'
      ? { payload: { summary: m.subject.slice(0, 1024), source: m.alert.hostname ?? m.alert.deviceId ?? 'rmm-service', severity: PD_SEVERITY[m.alert.severity] ?? 'info', timestamp: m.alert.triggeredAt, class: m.notice, custom_details: { message: m.alert.message, status: m.alert.status, alertId: m.alert.id, deviceId: m.alert.deviceId, orgId: m.alert.orgId } }, links: [{ href: m.link, text: m.notice === 'automation' ? 'Open automation' : 'Open alert' }] }
      : {}),
  });
}

export async function sendToChannel(kind: ChannelKind, config: ChannelConfig, m: ChannelMessage): Promise<SendOutcome> {
  switch (kind) {
    case 'email': {
      const started = performance.now();
      try {
        await sendEmail({ to: (config as { recipients: string[] }).recipients, subject: m.subject, text: m.text });
        return { ok: true, status: null, error: null, durationMs: Math.round(performance.now() - started) };
      } catch (error) {
        return { ok: false, status: null, error: (error as Error).message.slice(0, 1000), durationMs: Math.round(performance.now() - started) };
      }
    }
    case 'slack':
      return postToUrl((config as { webhookUrl: string }).webhookUrl, slackBody(m), json);
    case 'teams':
      return postToUrl((config as { webhookUrl: string }).webhookUrl, teamsBody(m), json);
    case 'webhook': {
      const c = config as z.output<typeof ZWebhookConfig>;
      const { body, headers } = signedWebhook(c, m);
      return postToUrl(c.url, body, headers);
    }
    case 'pagerduty': {
      const c = config as z.output<typeof ZPagerDutyConfig>;
      return postToUrl(c.eventsUrl, pagerDutyBody(c, m), json);
    }
    case 'sms':
      return twilioSmsProvider.send(config as z.output<typeof ZSmsConfig>, `${m.subject}\n${m.link}`);
  }
}
