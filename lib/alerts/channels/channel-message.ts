// The message a channel carries for one alert notice, rendered from the policy's message
// template (or the default one). Placeholders: {{title}} {{message}} {{severity}} {{status}}
// {{notice}} {{alertId}} {{deviceId}} {{hostname}} {{orgId}} {{triggeredAt}} {{link}}.
import type { Alert } from '@/lib/generated/prisma/client';
import { publicBaseUrl, publicUrl } from '@/lib/public-url';
import { MATCH_NOTHING_ID } from '@/lib/tenancy/scope';

/** `automation`: a message of an automation's notify_channel action (the alert fields describe the run). */
export type Notice = 'triggered' | 'acknowledged' | 'resolved' | 'escalated' | 'test' | 'automation';

export interface ChannelMessage {
  notice: Notice;
  alert: {
    id: string;
    orgId: string;
    deviceId: string | null;
    title: string;
    message: string;
    severity: string;
    status: string;
    triggeredAt: string;
    hostname: string | null;
  };
  subject: string;
  text: string;
  link: string;
}

export const DEFAULT_SUBJECT = '[{{severity}}] {{title}} ({{notice}})';
export const DEFAULT_BODY = '{{message}}\n\nStatus: {{status}}\nSeverity: {{severity}}\nTriggered: {{triggeredAt}}\n{{link}}';

export function renderPlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (whole, name: string) => (name in values ? values[name] : whole));
}

export function buildChannelMessage(alert: Alert, notice: Notice, template?: { subject?: string | null; body?: string | null } | null): ChannelMessage {
  const ctx = (alert.context ?? {}) as Record<string, unknown>;
  const hostname = typeof ctx.hostname === 'string' ? ctx.hostname : null;
  const link = publicUrl(`/alerts/${alert.id}`);
  const values: Record<string, string> = {
    title: alert.title,
    message: alert.message,
    severity: alert.severity,
    status: alert.status,
    notice,
    alertId: alert.id,
    deviceId: alert.deviceId ?? '',
    hostname: hostname ?? '',
    orgId: alert.orgId,
    triggeredAt: alert.triggeredAt.toISOString(),
    link,
  };
  return {
    notice,
    alert: { id: alert.id, orgId: alert.orgId, deviceId: alert.deviceId, title: alert.title, message: alert.message, severity: alert.severity, status: alert.status, triggeredAt: alert.triggeredAt.toISOString(), hostname },
    subject: renderPlaceholders(template?.subject || DEFAULT_SUBJECT, values).slice(0, 500),
    text: renderPlaceholders(template?.body || DEFAULT_BODY, values).slice(0, 8000),
    link,
  };
}

/** A message for POST /alerts/channels/:id/test. */
export function testChannelMessage(orgId: string | null): ChannelMessage {
  const now = new Date().toISOString();
  return {
    notice: 'test',
    alert: { id: MATCH_NOTHING_ID, orgId: orgId ?? '', deviceId: null, title: 'Test notification', message: 'This is a test of the alert channel.', severity: 'info', status: 'active', triggeredAt: now, hostname: null },
    subject: '[info] Test notification',
    text: 'This is a test of the alert channel. No action is needed.',
    link: publicBaseUrl(),
  };
}
