// SMS behind a provider interface; the implementation speaks Twilio's Messages API shape
// (form-encoded To/From/Body, HTTP Basic accountSid:authToken). Tests point baseUrl at a fake.
import type { z } from 'zod';
import type { ZSmsConfig } from '@/lib/alerts/channels/schemas';
import { postToUrl, type SendOutcome } from '@/lib/alerts/channels/post-to-url';

export interface SmsProvider {
  send(config: z.output<typeof ZSmsConfig>, text: string): Promise<SendOutcome>;
}

const SMS_MAX = 1600;

export const twilioSmsProvider: SmsProvider = {
  async send(config, text) {
    const url = `${config.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
    const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
    const outcomes: SendOutcome[] = [];
    for (const to of config.toNumbers) {
      const body = new URLSearchParams({ To: to, From: config.fromNumber, Body: text.slice(0, SMS_MAX) }).toString();
      outcomes.push(await postToUrl(url, body, { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: auth, 'User-Agent': 'Service-Alerts/1.0' }));
    }
    const failed = outcomes.filter((o) => !o.ok);
    return {
      ok: failed.length === 0,
      status: (failed[0] ?? outcomes[0])?.status ?? null,
      error: failed.length ? failed.map((f) => f.error).join('; ').slice(0, 1000) : null,
      durationMs: outcomes.reduce((n, o) => n + o.durationMs, 0),
    };
  },
};
