// Notification channels (doc 2: email, two chat kinds, generic webhook, incident paging, SMS).
// Config bodies are designed here; secrets are write-only (reads show masked values).
import { z } from 'zod';
import { zJsonObject, ZPageMeta, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { MAX_WEBHOOK_URL_LENGTH } from '@/lib/webhooks/check-webhook-url';

export const CHANNEL_KINDS = ['email', 'slack', 'teams', 'webhook', 'pagerduty', 'sms'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

const ZUrl = z.string().trim().min(1).max(MAX_WEBHOOK_URL_LENGTH).describe('Checked against the webhook URL-safety rules at write and before every send');
const ZPhone = z.string().trim().regex(/^\+[1-9]\d{6,14}$/, 'E.164 number, e.g. +15551234567');

export const ZEmailConfig = z.object({ recipients: z.array(z.string().trim().email()).min(1).max(50) }).strict();
export const ZSlackConfig = z.object({ webhookUrl: ZUrl.describe('Slack-style incoming webhook URL: receives { text, blocks }') }).strict();
export const ZTeamsConfig = z.object({ webhookUrl: ZUrl.describe('Teams-style incoming webhook URL: receives a MessageCard') }).strict();
export const ZWebhookConfig = z
  .object({
    url: ZUrl,
    secret: z.string().min(1).max(255).optional().describe('Signs the body like outbound webhooks: X-Service-Signature = sha256=HMAC(secret, timestamp + "." + body)'),
  })
  .strict();
export const ZPagerDutyConfig = z
  .object({
    routingKey: z.string().trim().min(1).max(255).describe('Events API v2 integration (routing) key'),
    eventsUrl: ZUrl.default('https://events.pagerduty.com/v2/enqueue').describe('Events API v2 endpoint'),
  })
  .strict();
export const ZSmsConfig = z
  .object({
    provider: z.literal('twilio').default('twilio').describe('SMS provider (Twilio-shaped REST API)'),
    accountSid: z.string().trim().min(1).max(64),
    authToken: z.string().min(1).max(255),
    fromNumber: ZPhone,
    toNumbers: z.array(ZPhone).min(1).max(20),
    baseUrl: ZUrl.default('https://api.twilio.com').describe('Provider API base URL'),
  })
  .strict();

export const CONFIG_SCHEMAS = {
  email: ZEmailConfig,
  slack: ZSlackConfig,
  teams: ZTeamsConfig,
  webhook: ZWebhookConfig,
  pagerduty: ZPagerDutyConfig,
  sms: ZSmsConfig,
} as const;

/** Write-only fields of each kind's configuration (an incoming-webhook URL carries its secret). */
export const SECRET_FIELDS: Record<ChannelKind, readonly string[]> = {
  email: [],
  slack: ['webhookUrl'],
  teams: ['webhookUrl'],
  webhook: ['secret'],
  pagerduty: ['routingKey'],
  sms: ['authToken'],
};

export type ChannelConfig =
  | z.output<typeof ZEmailConfig>
  | z.output<typeof ZSlackConfig>
  | z.output<typeof ZTeamsConfig>
  | z.output<typeof ZWebhookConfig>
  | z.output<typeof ZPagerDutyConfig>
  | z.output<typeof ZSmsConfig>;

const base = { name: zText(255, 1), enabled: z.boolean().default(true), orgId: z.string().uuid().nullable().optional().describe('Omit or null for a partner-wide channel') };

export const ZCreateChannel = z
  .discriminatedUnion('kind', [
    z.object({ ...base, kind: z.literal('email'), config: ZEmailConfig }).strict(),
    z.object({ ...base, kind: z.literal('slack'), config: ZSlackConfig }).strict(),
    z.object({ ...base, kind: z.literal('teams'), config: ZTeamsConfig }).strict(),
    z.object({ ...base, kind: z.literal('webhook'), config: ZWebhookConfig }).strict(),
    z.object({ ...base, kind: z.literal('pagerduty'), config: ZPagerDutyConfig }).strict(),
    z.object({ ...base, kind: z.literal('sms'), config: ZSmsConfig }).strict(),
  ])
  .describe('`config` depends on `kind`');

export const ZUpdateChannel = z
  .object({
    name: zText(255, 1).optional(),
    enabled: z.boolean().optional(),
    config: zJsonObject()
      .optional()
      .describe('The whole configuration for the channel kind (replaces the stored one), except that a secret field left out (webhookUrl of slack/teams, secret of webhook, routingKey of pagerduty, authToken of sms) keeps its stored value; `"secret": null` removes a webhook channel\'s signing secret'),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const ZChannel = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid().nullable(),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  enabled: z.boolean(),
  config: z.record(z.string(), z.unknown()).describe('Secrets masked (hasSecret, last characters only)'),
  lastTestAt: ZTimestamp.nullable(),
  lastTestOk: z.boolean().nullable(),
  lastError: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'AlertChannel' });

export const ZListChannelsQuery = pageQuery(50, 100).extend({ orgId: z.string().uuid().optional(), kind: z.enum(CHANNEL_KINDS).optional() });
export const ZChannelPage = z.object({ data: z.array(ZChannel), pagination: ZPageMeta });

export const ZChannelTestResult = z.object({
  ok: z.boolean(),
  kind: z.enum(CHANNEL_KINDS),
  status: z.number().int().nullable().describe('HTTP status from the provider (null for email or transport failures)'),
  error: z.string().nullable().describe("The provider's error (status and body) or the transport error"),
  durationMs: z.number().int(),
});
